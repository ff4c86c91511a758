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
	const files: VaultFile[] = [];

	async function visit(folder: string): Promise<void> {
		const entries = await limit(() => readFolder(join(root, folder), folder === ""));
		const pending: Promise<void>[] = [];
		for (const entry of entries) {
			if (entry.name.startsWith(".")) continue;
			const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
			if (entry.isDirectory()) {
				if (!skipFolder(path)) pending.push(visit(path));
			} else if (entry.isFile() && entry.name.endsWith(".md")) {
				pending.push(
					limit(() => statFile(root, path)).then((file) => {
						if (file) files.push(file);
					}),
				);
			}
		}
		await Promise.all(pending);
	}

	await visit("");
	return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
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
