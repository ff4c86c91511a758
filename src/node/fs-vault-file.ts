import type { Stats } from "node:fs";
import type { VaultFile } from "../core/model/vault";

/** Whole milliseconds, as Obsidian reports them. */
export function toVaultFile(path: string, stats: Stats): VaultFile {
	return { path, mtime: Math.trunc(stats.mtimeMs), ctime: Math.trunc(stats.ctimeMs), size: stats.size };
}
