import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import { basename, dirname, join } from "node:path";

export interface AtomicWriteOptions {
	/** Modification time (ms since the epoch, fractions kept) to give the written file, e.g. the one it had before. */
	mtimeMs?: number;
	/** Permission bits of the written file (less the umask); default: the target's current ones, or 0666 for a new file. */
	mode?: number;
}

/**
 * Replaces `target` with `data` so that readers see either the old or the new file, never a
 * mix: write a temp file beside it, fsync, rename over the target, fsync the folder. The temp
 * file keeps the target's permissions (or gets `mode`), and gets `mtimeMs` before the rename so
 * the new file never shows a fresh time.
 */
export async function writeFileAtomic(target: string, data: string, options: AtomicWriteOptions = {}): Promise<void> {
	const previous = await fs.stat(target).catch(() => null);
	const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
	const handle = await fs.open(temp, "wx", options.mode ?? (previous ? previous.mode & 0o7777 : 0o666));
	try {
		try {
			await handle.writeFile(data, "utf8");
			await handle.sync();
		} finally {
			await handle.close();
		}
		if (options.mtimeMs !== undefined) {
			const mtime = options.mtimeMs / 1000;
			await fs.utimes(temp, previous ? previous.atimeMs / 1000 : mtime, mtime);
		}
		await fs.rename(temp, target);
	} catch (error) {
		await fs.rm(temp, { force: true });
		throw error;
	}
	await syncFolder(dirname(target));
}

/** Makes the rename durable; Windows cannot open folders for this and does not need it. */
async function syncFolder(folder: string): Promise<void> {
	if (process.platform === "win32") return;
	const handle = await fs.open(folder, "r");
	try {
		await handle.sync();
	} finally {
		await handle.close();
	}
}
