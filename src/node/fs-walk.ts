import { promises as fs, type Dirent } from "node:fs";
import { join } from "node:path";
import type { VaultFile } from "../core/model/vault";
import { toVaultFile } from "./fs-vault-file";

/** File system calls in flight at once while walking: enough to hide latency, far below fd limits. */
const CONCURRENCY = 64;

/**
 * Every `.md` file under `root`, sorted by path. Hidden files and folders (name starting with
 * `.`, as Obsidian hides them) are left out, and folders for which `skipFolder(relativePath)` is
 * true are not entered. Symbolic links are not followed. Subfolders that cannot be read and
 * files that vanish during the walk are left out rather than failing the whole listing; a
 * missing or unreadable root fails.
 */
export async function listMarkdownFiles(root: string, skipFolder: (path: string) => boolean): Promise<VaultFile[]> {
	const limit = limiter(CONCURRENCY);

	// Each folder's entries sorted with "/" after a folder's name give the paths in sorted order
	// without sorting them all at the end: 100k paths took hundreds of ms in one task.
	async function visit(folder: string): Promise<VaultFile[]> {
		const entries = await limit(() => readFolder(join(root, folder), folder === ""));
		const found: Promise<VaultFile[] | VaultFile | null>[] = [];
		for (const { entry, path } of sortedEntries(entries, folder)) {
			if (entry.isDirectory()) {
				if (!skipFolder(path)) found.push(visit(path));
			} else if (entry.isFile() && entry.name.endsWith(".md")) {
				found.push(limit(() => statFile(root, path)));
			}
		}
		const files: VaultFile[] = [];
		for (const item of await Promise.all(found)) {
			if (Array.isArray(item)) for (const file of item) files.push(file);
			else if (item) files.push(item);
		}
		return files;
	}

	return visit("");
}

/** The visible entries by the order their paths sort in: a folder as its name followed by "/". */
function sortedEntries(entries: Dirent[], folder: string): { entry: Dirent; path: string }[] {
	return entries
		.filter((entry) => !entry.name.startsWith("."))
		.map((entry) => ({ entry, key: entry.isDirectory() ? `${entry.name}/` : entry.name }))
		.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
		.map(({ entry }) => ({ entry, path: folder === "" ? entry.name : `${folder}/${entry.name}` }));
}

async function readFolder(folder: string, isRoot: boolean): Promise<Dirent[]> {
	try {
		return await fs.readdir(folder, { withFileTypes: true });
	} catch (error) {
		if (!isRoot && isSkippable(error)) return [];
		throw error;
	}
}

async function statFile(root: string, path: string): Promise<VaultFile | null> {
	try {
		return toVaultFile(path, await fs.stat(join(root, path)));
	} catch (error) {
		if (isSkippable(error)) return null;
		throw error;
	}
}

function isSkippable(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException | null)?.code;
	return code === "ENOENT" || code === "ENOTDIR" || code === "EACCES" || code === "EPERM";
}

/** Runs at most `max` of the given tasks at a time. */
function limiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
	let active = 0;
	// A queue with a moving head: Array#shift is linear, and 100k stats can be waiting at once.
	let waiting: Array<() => void> = [];
	let head = 0;
	const next = (): (() => void) | undefined => {
		if (head === waiting.length) {
			waiting = [];
			head = 0;
			return undefined;
		}
		return waiting[head++];
	};
	return async (task) => {
		if (active < max) active++;
		else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing task hands over its slot
		try {
			return await task();
		} finally {
			const wake = next();
			if (wake) wake();
			else active--;
		}
	};
}
