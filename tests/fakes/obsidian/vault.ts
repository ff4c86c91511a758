import {
	promises as fs,
	mkdirSync,
	readdirSync,
	renameSync,
	rmSync,
	statSync,
	utimesSync,
	writeFileSync,
	readFileSync,
	existsSync,
} from "node:fs";
import { join } from "node:path";
import { FakeDataAdapter } from "./data-adapter";
import { Events } from "./events";
import { TAbstractFile, TFile, TFolder, type FileStats } from "./files";
import type { DataWriteOptions } from "./metadata-types";
import { normalizePath } from "./normalize-path";

/** The app's default; users can pick another name, which is why plugins must read `vault.configDir`. */
export const DEFAULT_CONFIG_DIR = [".", "obsidian"].join("");

/** How the metadata cache learns about changes (the app wires this internally, not through events). */
export interface VaultObserver {
	created(file: TFile): void;
	modified(file: TFile): void;
	deleted(file: TFile): void;
	renamed(file: TFile, oldPath: string): void;
}

/** The user's "Deleted files" setting: Obsidian's `.trash` folder, the system trash, or gone for good. */
export type TrashOption = "local" | "system" | "none";

/**
 * Obsidian's Vault over a real folder on disk. Hidden files and folders (`.obsidian`, `.trash`,
 * `.git`) are not part of the vault, as in the app. Writes are synchronous underneath so that
 * `process` is atomic; reads are asynchronous. Changes made on disk behind the fake's back are
 * not noticed (no file watcher).
 */
export class Vault extends Events {
	readonly adapter: FakeDataAdapter;
	configDir: string;
	trashOption: TrashOption = "local";
	/** Paths that `trashFile` sent to the system trash (the fake deletes them from disk). */
	readonly systemTrash: string[] = [];
	private readonly root: TFolder;
	private readonly byPath = new Map<string, TAbstractFile>();
	private observer: VaultObserver | undefined;

	constructor(
		readonly basePath: string,
		configDir = DEFAULT_CONFIG_DIR,
	) {
		super();
		this.adapter = new FakeDataAdapter(basePath);
		this.configDir = configDir;
		this.root = new TFolder(this, "/");
		this.byPath.set("/", this.root);
		this.scan(this.root);
	}

	/** Fake-only: the metadata cache subscribes here. */
	setObserver(observer: VaultObserver): void {
		this.observer = observer;
	}

	getName(): string {
		return this.adapter.getName();
	}

	getRoot(): TFolder {
		return this.root;
	}

	getAbstractFileByPath(path: string): TAbstractFile | null {
		return this.byPath.get(normalizePath(path)) ?? null;
	}

	getFileByPath(path: string): TFile | null {
		const file = this.getAbstractFileByPath(path);
		return file instanceof TFile ? file : null;
	}

	getFolderByPath(path: string): TFolder | null {
		const folder = this.getAbstractFileByPath(path);
		return folder instanceof TFolder ? folder : null;
	}

	getFiles(): TFile[] {
		return [...this.byPath.values()].filter((file): file is TFile => file instanceof TFile);
	}

	getMarkdownFiles(): TFile[] {
		return this.getFiles().filter((file) => file.extension === "md");
	}

	getAllLoadedFiles(): TAbstractFile[] {
		return [...this.byPath.values()];
	}

	read(file: TFile): Promise<string> {
		return fs.readFile(this.fullPath(this.live(file).path), "utf8");
	}

	cachedRead(file: TFile): Promise<string> {
		return this.read(file);
	}

	create(path: string, data: string, options?: DataWriteOptions): Promise<TFile> {
		return run(() => {
			const normalized = this.visiblePath(path);
			if (this.byPath.has(normalized)) throw new Error("File already exists.");
			const parent = this.parentOf(normalized);
			writeFileSync(this.fullPath(normalized), data, { encoding: "utf8", flag: "wx" });
			const file = new TFile(this, normalized);
			file.stat = this.statAfterWrite(normalized, options);
			this.attach(file, parent);
			this.trigger("create", file);
			this.observer?.created(file);
			return file;
		});
	}

	createFolder(path: string): Promise<TFolder> {
		return run(() => {
			const normalized = this.visiblePath(path);
			if (this.byPath.has(normalized)) throw new Error("Folder already exists.");
			const parent = this.parentOf(normalized);
			mkdirSync(this.fullPath(normalized));
			const folder = new TFolder(this, normalized);
			this.attach(folder, parent);
			this.trigger("create", folder);
			return folder;
		});
	}

	modify(file: TFile, data: string, options?: DataWriteOptions): Promise<void> {
		return run(() => this.modifySync(file, data, options));
	}

	/** Reads, transforms and writes in one step; nothing else can touch the file in between. */
	process(file: TFile, fn: (data: string) => string, options?: DataWriteOptions): Promise<string> {
		return run(() => {
			const data = fn(readFileSync(this.fullPath(this.live(file).path), "utf8"));
			this.modifySync(file, data, options);
			return data;
		});
	}

	rename(file: TAbstractFile, newPath: string): Promise<void> {
		return run(() => {
			this.live(file);
			const target = this.visiblePath(newPath);
			if (target === file.path) return;
			if (this.byPath.has(target) || existsSync(this.fullPath(target)))
				throw new Error("Destination file already exists!");
			if (file instanceof TFolder && target.startsWith(`${file.path}/`))
				throw new Error("Cannot move a folder into itself.");
			const parent = this.parentOf(target);
			renameSync(this.fullPath(file.path), this.fullPath(target));
			this.detach(file);
			const moves: [TAbstractFile, string][] = [];
			this.repath(file, target, moves);
			this.attach(file, parent);
			for (const [moved, oldPath] of moves) {
				this.byPath.set(moved.path, moved);
				this.trigger("rename", moved, oldPath);
				if (moved instanceof TFile) this.observer?.renamed(moved, oldPath);
			}
		});
	}

	/** Deletes for good (plugins should use `fileManager.trashFile`). */
	delete(file: TAbstractFile, force?: boolean): Promise<void> {
		if (file instanceof TFolder && file.children.length > 0 && !force)
			return Promise.reject(new Error("Folder is not empty."));
		return this.deletePermanently(file);
	}

	/** Fake-only: what `delete` and the "Permanently delete" trash setting do. */
	deletePermanently(file: TAbstractFile): Promise<void> {
		return run(() => {
			this.live(file);
			rmSync(this.fullPath(file.path), { recursive: true });
			this.forget(file);
		});
	}

	trash(file: TAbstractFile, system: boolean): Promise<void> {
		return system ? this.trashSystem(file) : this.trashLocal(file);
	}

	/** Fake-only: the system trash is out of reach, so the file is removed and its path recorded. */
	trashSystem(file: TAbstractFile): Promise<void> {
		return run(() => {
			this.live(file);
			rmSync(this.fullPath(file.path), { recursive: true });
			this.systemTrash.push(file.path);
			this.forget(file);
		});
	}

	/** Moves into `.trash/` at the vault root (name made unique), outside the vault's files. */
	trashLocal(file: TAbstractFile): Promise<void> {
		return run(() => {
			this.live(file);
			mkdirSync(this.fullPath(".trash"), { recursive: true });
			renameSync(this.fullPath(file.path), this.fullPath(this.freeTrashPath(file)));
			this.forget(file);
		});
	}

	/** Fake-only: fires `create` for every file and folder, as the app does while it loads a vault. */
	fireLoadEvents(): void {
		for (const file of this.byPath.values()) if (file !== this.root) this.trigger("create", file);
	}

	/** Fake-only: absolute path on disk of a vault path. */
	fullPath(path: string): string {
		return this.adapter.getFullPath(path);
	}

	private modifySync(file: TFile, data: string, options?: DataWriteOptions): void {
		this.live(file);
		writeFileSync(this.fullPath(file.path), data, "utf8");
		file.stat = this.statAfterWrite(file.path, options, file.stat.ctime);
		this.trigger("modify", file);
		this.observer?.modified(file);
	}

	private statAfterWrite(path: string, options: DataWriteOptions | undefined, ctime?: number): FileStats {
		const full = this.fullPath(path);
		if (options?.mtime !== undefined) utimesSync(full, new Date(), new Date(options.mtime));
		const stats = statSync(full);
		return {
			ctime: options?.ctime ?? ctime ?? Math.round(stats.birthtimeMs || stats.ctimeMs),
			mtime: options?.mtime ?? Math.round(stats.mtimeMs),
			size: stats.size,
		};
	}

	private scan(folder: TFolder): void {
		const dir = folder.isRoot() ? this.basePath : this.fullPath(folder.path);
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			if (entry.name.startsWith(".")) continue;
			const path = folder.isRoot() ? entry.name : `${folder.path}/${entry.name}`;
			if (entry.isDirectory()) {
				const child = new TFolder(this, path);
				this.attach(child, folder);
				this.scan(child);
			} else if (entry.isFile()) {
				const child = new TFile(this, path);
				const stats = statSync(join(dir, entry.name));
				child.stat = {
					ctime: Math.round(stats.birthtimeMs || stats.ctimeMs),
					mtime: Math.round(stats.mtimeMs),
					size: stats.size,
				};
				this.attach(child, folder);
			}
		}
	}

	private visiblePath(path: string): string {
		const normalized = normalizePath(path);
		if (normalized === "/") throw new Error("Path must not be empty.");
		if (normalized.split("/").some((segment) => segment.startsWith(".") || segment === "")) {
			throw new Error(`The fake vault does not model hidden or relative paths: "${path}".`);
		}
		return normalized;
	}

	private parentOf(path: string): TFolder {
		const slash = path.lastIndexOf("/");
		const parentPath = slash === -1 ? "/" : path.slice(0, slash);
		const parent = this.byPath.get(parentPath);
		if (!(parent instanceof TFolder)) {
			throw new Error(`ENOENT: no such file or directory, open '${this.fullPath(path)}'`);
		}
		return parent;
	}

	private live<T extends TAbstractFile>(file: T): T {
		if (this.byPath.get(file.path) !== file)
			throw new Error(`ENOENT: no such file or directory, open '${this.fullPath(file.path)}'`);
		return file;
	}

	private attach(file: TAbstractFile, parent: TFolder): void {
		file.parent = parent;
		parent.children.push(file);
		this.byPath.set(file.path, file);
	}

	private detach(file: TAbstractFile): void {
		if (file.parent) file.parent.children = file.parent.children.filter((child) => child !== file);
		file.parent = null;
	}

	private repath(file: TAbstractFile, path: string, moves: [TAbstractFile, string][]): void {
		this.byPath.delete(file.path);
		moves.push([file, file.path]);
		file.setPath(path);
		if (file instanceof TFolder) for (const child of file.children) this.repath(child, `${path}/${child.name}`, moves);
	}

	/** Drops a file or folder from the tree, firing `delete` for every file inside first. */
	private forget(file: TAbstractFile): void {
		if (file instanceof TFolder) for (const child of [...file.children]) this.forget(child);
		this.detach(file);
		this.byPath.delete(file.path);
		this.trigger("delete", file);
		if (file instanceof TFile) this.observer?.deleted(file);
	}

	private freeTrashPath(file: TAbstractFile): string {
		const dot =
			file instanceof TFile && file.extension !== "" ? file.name.length - file.extension.length - 1 : file.name.length;
		const stem = file.name.slice(0, dot);
		const extension = file.name.slice(dot);
		let candidate = `.trash/${file.name}`;
		for (let n = 1; existsSync(this.fullPath(candidate)); n++) candidate = `.trash/${stem} ${n}${extension}`;
		return candidate;
	}
}

/** Runs a synchronous vault operation as the app's async API does (errors become rejections). */
function run<T>(operation: () => T): Promise<T> {
	try {
		return Promise.resolve(operation());
	} catch (error) {
		return Promise.reject(error instanceof Error ? error : new Error(String(error)));
	}
}
