import { promises as fs } from "node:fs";
import { isMissing } from "./fs-errors";

/**
 * The first of `path`, `name 1.md`, `name 2.md`, … that does not exist yet, the way Obsidian
 * names a file whose name is taken. `resolve` checks each candidate and returns its absolute path.
 */
export async function freeVaultPath(
	path: string,
	resolve: (candidate: string) => Promise<string>,
): Promise<{ path: string; absolute: string }> {
	const dot = path.lastIndexOf(".");
	const stem = dot > path.lastIndexOf("/") ? path.slice(0, dot) : path;
	const extension = path.slice(stem.length);
	for (let n = 0; ; n++) {
		const candidate = n === 0 ? path : `${stem} ${n}${extension}`;
		const absolute = await resolve(candidate);
		try {
			await fs.lstat(absolute);
		} catch (error) {
			if (isMissing(error)) return { path: candidate, absolute };
			throw error;
		}
	}
}
