import { watch } from "chokidar";
import type { Stats } from "node:fs";
import { relative, sep } from "node:path";
import type { VaultEventListener } from "../core/model/vault";
import { RenameDetector, type FileIdentity } from "./fs-rename-detector";

export interface VaultWatchOptions {
	/** True for vault-relative folders whose contents are never reported. */
	skipFolder(path: string): boolean;
	onError(error: Error): void;
	/** Called once the initial scan is done; changes made before it are not reported. */
	onReady?: () => void;
}

/** A file counts as written once its size has been stable this long (editors save in chunks). */
const WRITE_SETTLE_MS = 50;

/**
 * Reports create/modify/delete/rename of `.md` files under `root` with vault-relative paths,
 * leaving out hidden files and folders (name starting with `.`) like the listing does.
 * Files that exist when watching starts produce no events. Returns a function that stops
 * watching; nothing is delivered after it has been called.
 */
export function watchVault(root: string, listener: VaultEventListener, options: VaultWatchOptions): () => void {
	let stopped = false;
	let ready = false;
	const detector = new RenameDetector((event) => {
		if (!stopped) listener(event);
	});
	const toVaultPath = (path: string) => relative(root, path).split(sep).join("/");
	const isNote = (path: string) => path.endsWith(".md");

	// Initial files are reported too (ignoreInitial: false) but only remembered, not delivered:
	// the rename detector needs the inode of every file that might later be renamed.
	const watcher = watch(root, {
		ignoreInitial: false,
		alwaysStat: true,
		followSymlinks: false,
		awaitWriteFinish: { stabilityThreshold: WRITE_SETTLE_MS, pollInterval: 10 },
		ignored: (path: string, stats?: Stats) => {
			const vaultPath = toVaultPath(path);
			if (vaultPath === "") return false;
			if (hasDotSegment(vaultPath)) return true;
			if (stats?.isFile()) return !isNote(vaultPath);
			return options.skipFolder(vaultPath);
		},
	});
	watcher.on("add", (path, stats) => {
		const vaultPath = toVaultPath(path);
		if (!isNote(vaultPath) || !stats) return;
		if (ready) detector.created(vaultPath, identityOf(stats));
		else detector.remember(vaultPath, identityOf(stats));
	});
	watcher.on("change", (path, stats) => {
		const vaultPath = toVaultPath(path);
		if (!isNote(vaultPath)) return;
		if (stats) detector.remember(vaultPath, identityOf(stats));
		if (!stopped) listener({ type: "modify", path: vaultPath });
	});
	watcher.on("unlink", (path) => {
		const vaultPath = toVaultPath(path);
		if (isNote(vaultPath)) detector.deleted(vaultPath);
	});
	watcher.on("ready", () => {
		ready = true;
		if (!stopped) options.onReady?.();
	});
	watcher.on("error", (error) => {
		if (!stopped) options.onError(error instanceof Error ? error : new Error(String(error)));
	});

	return () => {
		stopped = true;
		detector.dispose();
		watcher
			.close()
			.catch((error: unknown) => options.onError(error instanceof Error ? error : new Error(String(error))));
	};
}

function identityOf(stats: Stats): FileIdentity {
	return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
}

function hasDotSegment(path: string): boolean {
	return path.startsWith(".") || path.includes("/.");
}
