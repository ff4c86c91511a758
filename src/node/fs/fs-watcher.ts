import { promises as fs, watch, type FSWatcher, type Stats } from "node:fs";
import { join } from "node:path";
import { clearTimeout, setTimeout } from "node:timers";
import type { VaultEventListener } from "../../core/model/vault";
import { RenameDetector, sameFile, type FileIdentity } from "./fs-rename-detector";

export interface VaultWatchOptions {
	/** True for vault-relative folders whose contents are never reported. */
	skipFolder(path: string): boolean;
	onError(error: Error): void;
	/** Called once the initial scan is done; changes made before it are not reported. */
	onReady?: () => void;
	/** True for a new file the caller wrote itself and has indexed already: its create is not reported. */
	isOwnCreate?: (path: string, identity: FileIdentity) => boolean;
}

/** A file counts as written once no change to it has been seen for this long (editors save in chunks). */
const WRITE_SETTLE_MS = 50;
/** Folders read at once during the initial scan, and entries looked at at once in a folder. */
const SCAN_CONCURRENCY = 32;

/**
 * Reports create/modify/delete/rename of `.md` files under `root` with vault-relative paths,
 * leaving out hidden files and folders (name starting with `.`) and symbolic links, like the
 * listing does. Files that exist when watching starts produce no events. Returns a function that
 * stops watching; nothing is delivered after it has been called.
 *
 * One `fs.watch` per folder; an event names the entry that changed, and only that entry is
 * looked at again (once it has been quiet for WRITE_SETTLE_MS). A general-purpose watcher that
 * re-reads the whole folder on every event costs a store O(notes in the folder), and the memory
 * folder holds thousands.
 */
export function watchVault(root: string, listener: VaultEventListener, options: VaultWatchOptions): () => void {
	const tree = new WatchedTree(root, listener, options);
	tree.start();
	return () => tree.close();
}

class WatchedTree {
	private readonly deliver: VaultEventListener;
	private readonly detector: RenameDetector;
	private readonly folders = new Map<string, FSWatcher>();
	/** Notes known to exist, with their identity when last seen. */
	private readonly files = new Map<string, FileIdentity>();
	private readonly timers = new Map<string, NodeJS.Timeout>();
	/** The check of each path in progress, so two checks of one path never interleave. */
	private readonly checks = new Map<string, Promise<void>>();
	private ready = false;
	private closed = false;

	constructor(
		private readonly root: string,
		listener: VaultEventListener,
		private readonly options: VaultWatchOptions,
	) {
		this.deliver = (event) => {
			if (!this.closed) listener(event);
		};
		this.detector = new RenameDetector(this.deliver);
	}

	start(): void {
		this.addFolder("").then(
			() => {
				if (this.closed) return;
				this.ready = true;
				this.options.onReady?.();
			},
			(error: unknown) => this.fail(error),
		);
	}

	close(): void {
		this.closed = true;
		this.detector.dispose();
		for (const timer of this.timers.values()) clearTimeout(timer);
		this.timers.clear();
		for (const watcher of this.folders.values()) watcher.close();
		this.folders.clear();
	}

	/** Watches a folder, then looks at everything in it (subfolders too). */
	private async addFolder(folder: string): Promise<void> {
		if (this.closed || this.folders.has(folder)) return;
		let watcher: FSWatcher;
		try {
			watcher = watch(join(this.root, folder), { persistent: true }, (_type, name) => {
				if (name === null) this.rescan(folder);
				else this.schedule(childPath(folder, name.toString()));
			});
		} catch (error) {
			if (folder === "") throw error;
			// A subfolder that cannot be watched (gone, unreadable, no watches left) is left out, as the listing leaves it out.
			if (!isGone(error)) this.fail(error);
			return;
		}
		// A watched folder that is deleted or moved away errors on some systems: the event for its name in the parent handles it.
		watcher.on("error", (error) => {
			if (!isGone(error)) this.fail(error);
			this.dropFolder(folder);
		});
		this.folders.set(folder, watcher);
		await this.readFolder(folder);
	}

	private async readFolder(folder: string): Promise<string[]> {
		let names: string[];
		try {
			names = await fs.readdir(join(this.root, folder));
		} catch (error) {
			if (folder === "") throw error;
			if (!isGone(error)) this.fail(error);
			return [];
		}
		const paths = names.filter((name) => !name.startsWith(".")).map((name) => childPath(folder, name));
		for (let i = 0; i < paths.length; i += SCAN_CONCURRENCY)
			await Promise.all(paths.slice(i, i + SCAN_CONCURRENCY).map((path) => this.check(path)));
		return paths;
	}

	/** A folder event without a name: look at everything it held and holds. */
	private rescan(folder: string): void {
		const prefix = folder === "" ? "" : `${folder}/`;
		const known = [...this.files.keys(), ...this.folders.keys()].filter(
			(path) => path.startsWith(prefix) && path !== folder && !path.slice(prefix.length).includes("/"),
		);
		this.readFolder(folder).then(
			(present) => {
				const now = new Set(present);
				for (const path of known) if (!now.has(path)) this.schedule(path);
			},
			(error: unknown) => this.fail(error),
		);
	}

	/** Looks at `path` once no event has come for it for WRITE_SETTLE_MS. */
	private schedule(path: string): void {
		if (this.closed || hasDotSegment(path)) return;
		const earlier = this.timers.get(path);
		if (earlier) clearTimeout(earlier);
		this.timers.set(
			path,
			setTimeout(() => {
				this.timers.delete(path);
				this.check(path).catch((error: unknown) => this.fail(error));
			}, WRITE_SETTLE_MS),
		);
	}

	private check(path: string): Promise<void> {
		const next = (this.checks.get(path) ?? Promise.resolve()).then(() => this.checkNow(path));
		this.checks.set(path, next);
		const forget = () => {
			if (this.checks.get(path) === next) this.checks.delete(path);
		};
		next.then(forget, forget);
		return next;
	}

	/** Compares what is at `path` now with what was known, and reports the difference. */
	private async checkNow(path: string): Promise<void> {
		if (this.closed || hasDotSegment(path)) return;
		let stats: Stats | null;
		try {
			stats = await fs.lstat(join(this.root, path));
		} catch (error) {
			if (!isGone(error)) {
				this.fail(error);
				return;
			}
			stats = null;
		}
		if (this.closed) return;
		if (stats?.isDirectory() && !this.options.skipFolder(path)) {
			this.forgetFile(path);
			await this.addFolder(path);
		} else if (stats?.isFile() && path.endsWith(".md")) {
			if (this.folders.has(path)) this.dropFolder(path);
			this.fileSeen(path, identityOf(stats));
		} else {
			this.forgetFile(path);
			if (this.folders.has(path)) this.dropFolder(path);
		}
	}

	private fileSeen(path: string, identity: FileIdentity): void {
		const known = this.files.get(path);
		this.files.set(path, identity);
		if (!this.ready) {
			this.detector.remember(path, identity);
		} else if (!known) {
			if (this.options.isOwnCreate?.(path, identity)) this.detector.remember(path, identity);
			else this.detector.created(path, identity);
		} else if (!sameFile(known, identity)) {
			this.detector.remember(path, identity);
			this.deliver({ type: "modify", path });
		}
	}

	private forgetFile(path: string): void {
		if (!this.files.delete(path)) return;
		if (this.ready) this.detector.deleted(path);
	}

	/** Stops watching a folder that is gone (or no longer a folder) and reports its notes deleted. */
	private dropFolder(folder: string): void {
		const prefix = `${folder}/`;
		for (const [path, watcher] of this.folders) {
			if (path !== folder && !path.startsWith(prefix)) continue;
			watcher.close();
			this.folders.delete(path);
		}
		for (const path of [...this.files.keys()]) if (path.startsWith(prefix)) this.forgetFile(path);
	}

	private fail(error: unknown): void {
		if (!this.closed) this.options.onError(error instanceof Error ? error : new Error(String(error)));
	}
}

function childPath(folder: string, name: string): string {
	return folder === "" ? name : `${folder}/${name}`;
}

export function identityOf(stats: Stats): FileIdentity {
	return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
}

function hasDotSegment(path: string): boolean {
	return path.startsWith(".") || path.includes("/.");
}

/** The entry is not there (any more), or is not a folder where one was expected. */
function isGone(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	return code === "ENOENT" || code === "ENOTDIR" || code === "EPERM";
}
