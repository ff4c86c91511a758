import type { Stats } from "node:fs";
import type { VaultFile } from "../../core/model/vault";

/** Whole milliseconds, as Obsidian reports them; `ctime` is the file's creation time (see creationTime). */
export function toVaultFile(path: string, stats: Stats): VaultFile {
	return { path, mtime: Math.trunc(stats.mtimeMs), ctime: Math.trunc(creationTime(stats)), size: stats.size };
}

/**
 * When the file was created, as well as its stats tell: its birth time where the file system
 * keeps one, never later than its last content change (mtime; a copy that kept the original's
 * mtime is older than its birth). The status change time (ctime) moves with every chmod, `touch`,
 * link or sync tool touching the file, so it counts only where there is no birth time (Node
 * reports 0 then; without statx, Linux reports the ctime itself, and min() makes that harmless
 * since a file's mtime is never later than its ctime unless set so).
 */
export function creationTime(stats: Pick<Stats, "birthtimeMs" | "ctimeMs" | "mtimeMs">): number {
	const born = stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.ctimeMs;
	return Math.min(born, stats.ctimeMs, stats.mtimeMs);
}
