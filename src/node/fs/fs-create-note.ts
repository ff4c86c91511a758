import { promises as fs, type Stats } from "node:fs";
import { dirname } from "node:path";
import { syncFolder, tempPathBeside } from "./atomic-write";

export interface CreateSteps {
	/** The content is in the temp file: its stats are the note's (same file, size and mtime once linked). */
	written(stats: Stats): void;
	/** The whole note is at its path; its folder entry is being made durable meanwhile. */
	placed(stats: Stats): void;
}

/**
 * Creates the file `target` so that it never exists empty or partial, not even after a crash: the
 * content goes to a temp file beside it (named as TEMP_FILE says: hidden, not a note, skipped by
 * the listing, the watcher and Obsidian), is fsynced, and is then linked at `target`, which fails
 * with EEXIST rather than replace a file (or a symbolic link) there, as opening with `wx` did. The
 * temp name is removed while the folder is fsynced. A crash leaves no note or the whole note, and
 * at most a temp file, which the next start removes (FsVault.removeStaleTempFiles). Returns the
 * stats of the written file; throws `PlacedError` when the note was placed but could not be made durable.
 */
export async function createWholeFile(target: string, content: string, steps: CreateSteps): Promise<Stats> {
	const temp = tempPathBeside(target);
	const handle = await openNew(temp);
	let stats: Stats;
	let open = true;
	try {
		await handle.writeFile(content, "utf8");
		[stats] = await Promise.all([handle.stat().then((written) => (steps.written(written), written)), handle.sync()]);
		open = false;
		await handle.close();
	} catch (error) {
		if (open) await handle.close().catch(() => undefined);
		await fs.rm(temp, { force: true });
		throw error;
	}
	let tempLeft: boolean;
	try {
		tempLeft = await placeWithoutReplacing(temp, target);
	} catch (error) {
		await fs.rm(temp, { force: true });
		throw error;
	}
	steps.placed(stats);
	try {
		await Promise.all([
			// A temp name left by a failed unlink is only a second name of the note; the next start removes it.
			tempLeft ? fs.unlink(temp).catch(() => undefined) : undefined,
			syncFolder(dirname(target)),
		]);
	} catch (error) {
		throw new PlacedError(error);
	}
	return stats;
}

/** The note was placed, but making it durable failed: `cause` is why. */
export class PlacedError extends Error {
	constructor(override readonly cause: unknown) {
		super(cause instanceof Error ? cause.message : String(cause));
	}
}

/**
 * Gives `source`'s file the name `target` unless something has that name (EEXIST then): a hard
 * link, which never replaces, so `source` stays too (returns true). File systems without hard links
 * (FAT, some network shares) get a check and a rename instead (returns false): a file made at
 * `target` between the two would be replaced.
 */
export async function placeWithoutReplacing(source: string, target: string): Promise<boolean> {
	try {
		await fs.link(source, target);
		return true;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw error;
	}
	if (
		await fs.lstat(target).then(
			() => true,
			() => false,
		)
	)
		throw Object.assign(new Error("target exists"), { code: "EEXIST" });
	await fs.rename(source, target);
	return false;
}

/** Opens a file that must not exist yet for writing, creating its folder when that is missing. */
async function openNew(absolute: string): Promise<fs.FileHandle> {
	try {
		return await fs.open(absolute, "wx");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
	}
	await fs.mkdir(dirname(absolute), { recursive: true });
	return fs.open(absolute, "wx");
}
