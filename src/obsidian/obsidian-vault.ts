import { normalizePath, TFile, TFolder, type App, type EventRef, type Events } from "obsidian";
import { isInFolder } from "../core/model/memory-paths";
import { parseNote } from "../core/parse/parse-note";
import type {
	FrontmatterUpdate,
	LoadedNote,
	RemoveMode,
	VaultEventListener,
	VaultFile,
	VaultPort,
} from "../core/model/vault";
import { editFrontmatter } from "../core/frontmatter/edit-frontmatter";
import { NoteLocks } from "../core/frontmatter/note-locks";
import { OwnWrites } from "../core/frontmatter/own-writes";
import { parsedFromCache } from "./cached-metadata";
import { parentFolder, writableNotePath, writablePath } from "./vault-paths";
import { errorMessage } from "../core/model/error-message";
import { splitLinkpath } from "../core/parse/link-resolver";

function toVaultFile(file: TFile): VaultFile {
	return { path: file.path, mtime: file.stat.mtime, ctime: file.stat.ctime, size: file.stat.size };
}

function isNote(file: unknown): file is TFile {
	return file instanceof TFile && file.extension === "md";
}

function isNotePath(path: string): boolean {
	return path.toLowerCase().endsWith(".md");
}

/**
 * The vault as Obsidian sees it: files from `app.vault`, metadata from `app.metadataCache`
 * (inline fields from our parser). Frontmatter writes edit the YAML text in `vault.process`
 * (atomic with Obsidian's own editor, and only our keys' lines change); moves and removals go
 * through `app.fileManager` so the app's own rules apply (link updates, the user's trash setting).
 */
export class ObsidianVault implements VaultPort {
	private readonly locks = new NoteLocks();
	private readonly ownWrites = new OwnWrites();

	constructor(private readonly app: App) {}

	list(): Promise<VaultFile[]> {
		return Promise.resolve(this.app.vault.getMarkdownFiles().map(toVaultFile));
	}

	async read(path: string): Promise<string> {
		return this.app.vault.cachedRead(this.requireNote(path, "read"));
	}

	stat(path: string): Promise<VaultFile | null> {
		const file = this.fileAt(path);
		return Promise.resolve(file ? toVaultFile(file) : null);
	}

	async load(path: string): Promise<LoadedNote | null> {
		const file = this.fileAt(path);
		if (!file) return null;
		const content = await this.app.vault.cachedRead(file);
		const ours = parseNote(content);
		const cache = this.app.metadataCache.getFileCache(file);
		return {
			file: toVaultFile(file),
			content,
			parsed: cache ? parsedFromCache(cache, ours) : ours,
			ownWrite: this.ownWrites.isOwn(file.path, content),
		};
	}

	/**
	 * Vault create/delete/rename plus the metadata cache's `changed` (fired once a note is
	 * re-parsed, so a reload sees the new metadata) instead of the vault's `modify`. Live at
	 * once: Obsidian reports every change made after the subscription.
	 */
	watch(listener: VaultEventListener, onLive?: () => void): () => void {
		const { vault, metadataCache } = this.app;
		const subscriptions: [Events, EventRef][] = [
			[
				vault,
				vault.on("create", (file) => {
					if (isNote(file)) listener({ type: "create", path: file.path });
				}),
			],
			[
				vault,
				vault.on("delete", (file) => {
					if (isNote(file)) listener({ type: "delete", path: file.path });
				}),
			],
			[
				vault,
				vault.on("rename", (file, oldPath) => {
					// A note renamed to or from another extension enters or leaves the memory.
					if (file instanceof TFile && (isNotePath(file.path) || isNotePath(oldPath)))
						listener({ type: "rename", path: file.path, oldPath });
				}),
			],
			[
				metadataCache,
				metadataCache.on("changed", (file) => {
					if (isNote(file)) listener({ type: "modify", path: file.path });
				}),
			],
		];
		onLive?.();
		return () => {
			for (const [events, ref] of subscriptions.splice(0)) events.offref(ref);
		};
	}

	async writeFrontmatter(path: string, update: FrontmatterUpdate): Promise<VaultFile | null> {
		const file = this.requireNote(path, "update the properties of");
		return this.locks.run(file.path, async () => {
			// Errors of the caller's update function reach the caller as they are.
			let refusal: { error: unknown } | null = null;
			const edit = (content: string) => {
				try {
					return editFrontmatter(content, update);
				} catch (error) {
					refusal = { error };
					throw error;
				}
			};
			let written: string | null = null;
			try {
				// The app may write even an unchanged text, so nothing is processed when the patch is already applied.
				const probe = edit(await this.app.vault.read(file));
				if (probe.ok && !probe.changed) return null;
				await this.app.vault.process(file, (content) => {
					const result = edit(content);
					if (!result.ok) throw new Error(result.error);
					written = result.changed ? result.content : null;
					return written ?? content;
				});
			} catch (error) {
				if (refusal) throw (refusal as { error: unknown }).error;
				const reason = errorMessage(error)
					.split("\n")[0]
					?.replace(/[.:]\s*$/, "");
				throw new Error(`Could not update the properties of "${file.path}": ${reason}. The note was not changed.`);
			}
			if (written === null) return null;
			this.ownWrites.remember(file.path, written);
			return toVaultFile(file);
		});
	}

	async createNote(
		path: string,
		content: string,
		whileSyncing?: (file: VaultFile) => Promise<void>,
	): Promise<VaultFile> {
		const target = writableNotePath(path, this.app.vault.configDir);
		if (this.app.vault.getAbstractFileByPath(target))
			throw new Error(`Cannot create "${target}": something already exists at that path.`);
		await this.ensureFolder(parentFolder(target));
		const file = toVaultFile(await this.app.vault.create(target, content));
		// The app has no separate durable step to overlap.
		await whileSyncing?.(file);
		return file;
	}

	async moveNote(from: string, to: string): Promise<void> {
		const file = this.requireNote(from, "move");
		const target = writableNotePath(to, this.app.vault.configDir);
		if (this.app.vault.getAbstractFileByPath(target))
			throw new Error(`Cannot move "${file.path}" to "${target}": something already exists at that path.`);
		await this.ensureFolder(parentFolder(target));
		await this.app.fileManager.renameFile(file, target);
	}

	async removeNote(path: string, mode: RemoveMode): Promise<string | null> {
		const file = this.requireNote(path, "remove");
		if (mode.kind === "trash") {
			await this.app.fileManager.trashFile(file);
			return null;
		}
		const folder = writablePath(mode.folder, this.app.vault.configDir, "archive folder");
		if (isInFolder(file.path, folder)) throw new Error(`"${file.path}" is already in the archive folder "${folder}".`);
		const destination = this.freePath(`${folder}/${file.path}`);
		await this.ensureFolder(parentFolder(destination));
		await this.app.fileManager.renameFile(file, destination);
		return destination;
	}

	/** The note Obsidian resolves a link to (any note of the vault, excluded folders included), or null. */
	resolveLink(linkpath: string, sourcePath: string): string | null {
		const { path } = splitLinkpath(linkpath);
		if (path.trim() === "") return sourcePath === "" ? null : sourcePath;
		const file = this.app.metadataCache.getFirstLinkpathDest(path, sourcePath);
		return file !== null && file.extension === "md" ? file.path : null;
	}

	/** The app's own link resolution, source → target → count (for cross-checks). */
	resolvedLinks(): Record<string, Record<string, number>> {
		return this.app.metadataCache.resolvedLinks;
	}

	private fileAt(path: string): TFile | null {
		const file = this.app.vault.getAbstractFileByPath(normalizePath(path));
		return file instanceof TFile ? file : null;
	}

	private requireNote(path: string, action: string): TFile {
		const file = this.fileAt(path);
		if (!file) throw new Error(`Cannot ${action} "${path}": there is no such file in the vault.`);
		if (!isNote(file)) throw new Error(`Cannot ${action} "${path}": it is not a markdown note.`);
		return file;
	}

	/** Creates `folder` and its missing parents (tolerating a concurrent creator). */
	private async ensureFolder(folder: string): Promise<void> {
		if (folder === "") return;
		const segments = folder.split("/");
		for (let i = 1; i <= segments.length; i++) {
			const path = segments.slice(0, i).join("/");
			const existing = this.app.vault.getAbstractFileByPath(path);
			if (existing instanceof TFolder) continue;
			if (existing) throw new Error(`Cannot create the folder "${path}": a file with that name exists.`);
			try {
				await this.app.vault.createFolder(path);
			} catch (error) {
				if (!(this.app.vault.getAbstractFileByPath(path) instanceof TFolder)) throw error;
			}
		}
	}

	/** `path` (a note path), or `name 1.md`, `name 2.md`… when it is taken. */
	private freePath(path: string): string {
		const stem = path.slice(0, -".md".length);
		let candidate = path;
		for (let n = 1; this.app.vault.getAbstractFileByPath(candidate); n++) candidate = `${stem} ${n}.md`;
		return candidate;
	}
}
