import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Our temp files: `.<name>.<12 hex digits>.tmp` beside the file they replace. */
export const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/** Text (written as UTF-8), bytes, pieces of bytes, or a stream of pieces each written before the next is asked for. */
type AtomicData = string | Uint8Array | readonly Uint8Array[] | AsyncIterable<Uint8Array>;

export interface AtomicWriteOptions {
	/** Permission bits of the written file (less the umask); default: the target's current ones, or 0666 for a new file. */
	mode?: number;
}

/**
 * Replaces `target` with `data` so that readers see either the old or the new file, never a
 * mix: write a temp file beside it, fsync, rename over the target, fsync the folder. The temp
 * file keeps the target's permissions (or gets `mode`). A stream that throws leaves the target as it was.
 */
export async function writeFileAtomic(
	target: string,
	data: AtomicData,
	options: AtomicWriteOptions = {},
): Promise<void> {
	const previous = await fs.stat(target).catch(() => null);
	const temp = await writeTempBeside(target, data, options.mode ?? (previous ? previous.mode & 0o7777 : 0o666));
	try {
		await fs.rename(temp, target);
	} catch (error) {
		await fs.rm(temp, { force: true });
		throw error;
	}
	await syncFolder(dirname(target));
}

/** A new temp file name beside `target`, as TEMP_FILE describes. */
export function tempPathBeside(target: string): string {
	return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
}

/** Writes and fsyncs `data` to a new temp file beside `target` (named by TEMP_FILE); returns its path. */
async function writeTempBeside(target: string, data: AtomicData, mode: number): Promise<string> {
	const temp = tempPathBeside(target);
	const handle = await fs.open(temp, "wx", mode & 0o7777);
	try {
		// Parts are written one after the other, from where the last one ended.
		if (typeof data === "string" || data instanceof Uint8Array) await handle.writeFile(data, "utf8");
		else if (Symbol.asyncIterator in data) for await (const part of data) await handle.writeFile(part);
		else for (const part of data) await handle.writeFile(part);
		await handle.sync();
	} catch (error) {
		await handle.close();
		await fs.rm(temp, { force: true });
		throw error;
	}
	await handle.close();
	return temp;
}

/** Makes a rename in `folder` durable; Windows cannot open folders for this and does not need it. */
export async function syncFolder(folder: string): Promise<void> {
	if (process.platform === "win32") return;
	const handle = await fs.open(folder, "r");
	try {
		await handle.sync();
	} finally {
		await handle.close();
	}
}
