import { editFrontmatter } from "../../src/core/frontmatter/edit-frontmatter";
import { OwnWrites } from "../../src/core/frontmatter/own-writes";
import { parseNote } from "../../src/core/parse/parse-note";
import type {
	FrontmatterUpdate,
	LoadedNote,
	RemoveMode,
	VaultEvent,
	VaultEventListener,
	VaultFile,
	VaultPort,
} from "../../src/core/model/vault";

/**
 * An in-memory VaultPort for engine tests: files are strings, events are delivered
 * synchronously when `emit` is true, and the clock is whatever the test says.
 */
export class MemoryVault implements VaultPort {
	private readonly files = new Map<string, { content: string; mtime: number; ctime: number }>();
	private readonly listeners = new Set<VaultEventListener>();
	private readonly ownWrites = new OwnWrites();
	now = 1_700_000_000_000;
	/** Frontmatter writes that changed a file, for tests that check nothing is rewritten. */
	frontmatterWrites = 0;

	constructor(initial: Record<string, string> = {}) {
		for (const [path, content] of Object.entries(initial))
			this.files.set(path, { content, mtime: this.now, ctime: this.now });
	}

	/** Writes a file as a user would (create or modify) and emits the event. */
	write(path: string, content: string): VaultEvent {
		const existing = this.files.get(path);
		this.files.set(path, { content, mtime: this.now, ctime: existing?.ctime ?? this.now });
		return this.emit(existing ? { type: "modify", path } : { type: "create", path });
	}

	/** Replaces a file by a new one as a rename over it does (an editor's save, a headless frontmatter write): born now. */
	replace(path: string, content: string): VaultEvent {
		const existing = this.files.get(path);
		this.files.set(path, { content, mtime: this.now, ctime: this.now });
		return this.emit(existing ? { type: "modify", path } : { type: "create", path });
	}

	delete(path: string): VaultEvent {
		this.files.delete(path);
		return this.emit({ type: "delete", path });
	}

	rename(oldPath: string, path: string): VaultEvent {
		const file = this.files.get(oldPath);
		if (!file) throw new Error(`no file ${oldPath}`);
		this.files.delete(oldPath);
		this.files.set(path, file);
		return this.emit({ type: "rename", path, oldPath });
	}

	paths(): string[] {
		return [...this.files.keys()];
	}

	content(path: string): string | undefined {
		return this.files.get(path)?.content;
	}

	list(): Promise<VaultFile[]> {
		return Promise.resolve([...this.files.keys()].map((path) => this.fileOf(path)));
	}

	read(path: string): Promise<string> {
		const file = this.files.get(path);
		return file ? Promise.resolve(file.content) : Promise.reject(new Error(`no file ${path}`));
	}

	stat(path: string): Promise<VaultFile | null> {
		return Promise.resolve(this.files.has(path) ? this.fileOf(path) : null);
	}

	load(path: string): Promise<LoadedNote | null> {
		const file = this.files.get(path);
		if (!file) return Promise.resolve(null);
		return Promise.resolve({
			file: this.fileOf(path),
			content: file.content,
			parsed: parseNote(file.content),
			ownWrite: this.ownWrites.isOwn(path, file.content),
		});
	}

	/** Live at once, like Obsidian: every later change is delivered. */
	watch(listener: VaultEventListener, onLive?: () => void): () => void {
		this.listeners.add(listener);
		onLive?.();
		return () => this.listeners.delete(listener);
	}

	/** Edits like the real adapters: body untouched, a new mtime, the content remembered as our own, a modify event follows. */
	writeFrontmatter(path: string, update: FrontmatterUpdate): Promise<VaultFile | null> {
		const file = this.files.get(path);
		if (!file) return Promise.reject(new Error(`no file ${path}`));
		let edit;
		try {
			edit = editFrontmatter(file.content, update);
		} catch (error) {
			return Promise.reject(error instanceof Error ? error : new Error(String(error)));
		}
		if (!edit.ok) return Promise.reject(new Error(edit.error));
		if (!edit.changed) return Promise.resolve(null);
		this.frontmatterWrites++;
		this.ownWrites.remember(path, edit.content);
		this.files.set(path, { ...file, content: edit.content, mtime: Math.max(this.now, file.mtime + 1) });
		this.emit({ type: "modify", path });
		return Promise.resolve(this.fileOf(path));
	}

	async createNote(
		path: string,
		content: string,
		whileSyncing?: (file: VaultFile) => Promise<void>,
	): Promise<VaultFile> {
		if (this.files.has(path)) throw new Error(`${path} already exists`);
		this.write(path, content);
		const file = this.fileOf(path);
		await whileSyncing?.(file);
		return file;
	}

	moveNote(from: string, to: string): Promise<void> {
		if (this.files.has(to)) return Promise.reject(new Error(`${to} already exists`));
		this.rename(from, to);
		return Promise.resolve();
	}

	/** The trash deletes; an archive moves the note under the archive folder, keeping its path. */
	removeNote(path: string, mode: RemoveMode): Promise<string | null> {
		if (mode.kind === "trash") {
			this.delete(path);
			return Promise.resolve(null);
		}
		const destination = `${mode.folder}/${path}`;
		this.rename(path, destination);
		return Promise.resolve(destination);
	}

	listenerCount(): number {
		return this.listeners.size;
	}

	private emit(event: VaultEvent): VaultEvent {
		for (const listener of this.listeners) listener(event);
		return event;
	}

	private fileOf(path: string): VaultFile {
		const file = this.files.get(path);
		if (!file) throw new Error(`no file ${path}`);
		return { path, mtime: file.mtime, ctime: file.ctime, size: new TextEncoder().encode(file.content).length };
	}
}
