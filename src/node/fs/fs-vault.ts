import { promises as fs, type Stats } from "node:fs";
import { dirname, join } from "node:path";
import { editFrontmatter } from "../../core/frontmatter/edit-frontmatter";
import { NoteLocks } from "../../core/frontmatter/note-locks";
import { OwnWrites } from "../../core/frontmatter/own-writes";
import type {
	FrontmatterUpdate,
	LoadedNote,
	RemoveMode,
	VaultEventListener,
	VaultFile,
	VaultPort,
} from "../../core/model/vault";
import { parseNote } from "../../core/parse/parse-note";
import { TEMP_FILE } from "./atomic-write";
import { createWholeFile, PlacedError, placeWithoutReplacing } from "./fs-create-note";
import { describeFsError, isMissing } from "./fs-errors";
import { freeVaultPath } from "./fs-free-path";
import { toVaultFile } from "./fs-vault-file";
import { checkVisible, checkWritableNotePath, VaultPaths, vaultSegments } from "./fs-vault-paths";
import { listMarkdownFiles } from "./fs-walk";
import { identityOf, watchVault } from "./fs-watcher";
import { OwnCreates } from "./fs-own-creates";
import { updateNote, type NoteEdit } from "./fs-note-update";
import { ReplacedFiles } from "./fs-vault-replaced-files";
import { RecentTexts } from "./fs-vault-recent-texts";

export interface FsVaultOptions {
	/** Vault-relative folders left out of `list()` and `watch()`, besides hidden folders and `node_modules`. */
	excludedFolders?: string[];
	/** Receives file watcher errors; by default they are printed to stderr. */
	onWatchError?: (error: Error) => void;
}

/** Obsidian's local trash folder ("Move to Obsidian trash"). */
const TRASH_FOLDER = ".trash";

/**
 * VaultPort over a folder on disk, for headless mode. Paths are vault-relative with `/`; every
 * path argument is checked to stay inside the vault, also through symbolic links.
 *
 * Bad files: `load`/`read` decode invalid UTF-8 with U+FFFD replacement characters (a binary
 * `.md` still loads); a file that cannot be read throws an Error naming the note and the reason.
 * `writeFrontmatter` refuses a note that is not valid UTF-8 rather than rewriting it lossily.
 *
 * Changes made through this adapter are reported by `watch` like any other change, except a
 * note `createNote` made, found unchanged (its caller, the writer, indexes it itself); `load` marks
 * a note whose content is exactly what `writeFrontmatter` last wrote (`ownWrite`), and
 * `writeFrontmatter` does not write when the patch changes nothing, so reacting to its own
 * modify events cannot loop.
 */
export class FsVault implements VaultPort {
	private readonly paths: VaultPaths;
	private readonly excludedFolders: string[];
	private readonly onWatchError: (error: Error) => void;
	private readonly locks = new NoteLocks();
	private readonly ownWrites = new OwnWrites();
	private readonly ownCreates = new OwnCreates();
	private readonly recentTexts = new RecentTexts();
	private readonly replaced = new ReplacedFiles((absolute) => void this.keepLateWrite(absolute));

	constructor(
		readonly root: string,
		options: FsVaultOptions = {},
	) {
		this.paths = new VaultPaths(root);
		this.excludedFolders = (options.excludedFolders ?? []).map((folder, i) =>
			vaultSegments(folder.replace(/\/+$/, ""), `excludedFolders[${i}]`).join("/"),
		);
		this.onWatchError =
			options.onWatchError ?? ((error) => console.error(`causal-memory: file watcher error: ${error.message}`));
	}

	async list(): Promise<VaultFile[]> {
		try {
			return await listMarkdownFiles(this.root, (folder) => this.skipFolder(folder));
		} catch (error) {
			throw new Error(`Cannot list the notes of the vault folder "${this.root}": ${describeFsError(error)}.`);
		}
	}

	async read(path: string): Promise<string> {
		const absolute = await this.paths.resolve(path, "path");
		try {
			return await fs.readFile(absolute, "utf8");
		} catch (error) {
			throw new Error(`Cannot read note "${path}": ${describeFsError(error)}.`);
		}
	}

	async stat(path: string): Promise<VaultFile | null> {
		return this.statAt(path, await this.paths.resolve(path, "path"));
	}

	async load(path: string): Promise<LoadedNote | null> {
		const absolute = await this.paths.resolve(path, "path");
		const file = await this.statAt(path, absolute);
		if (!file) return null;
		let content: string;
		try {
			content = await fs.readFile(absolute, "utf8");
		} catch (error) {
			if (isMissing(error)) return null;
			throw new Error(`Cannot read note "${path}": ${describeFsError(error)}.`);
		}
		this.recentTexts.saw(absolute, content);
		return { file, content, parsed: parseNote(content), ownWrite: this.ownWrites.isOwn(path, content) };
	}

	watch(listener: VaultEventListener, onLive?: () => void): () => void {
		return watchVault(this.root, listener, {
			skipFolder: (folder) => this.skipFolder(folder),
			onError: this.onWatchError,
			onReady: onLive,
			isOwnCreate: (path, identity) => this.ownCreates.isOwn(path, identity),
		});
	}

	/** A compare-and-swap on the content it read (see updateNote), one write of a note at a time. */
	async writeFrontmatter(path: string, update: FrontmatterUpdate): Promise<VaultFile | null> {
		const absolute = await this.paths.resolve(path, "path");
		const fail = (reason: string) => new Error(`Cannot edit the frontmatter of "${path}": ${reason}`);
		return this.locks.run(absolute, async () => {
			let written;
			try {
				written = await this.swap(absolute, (content) => editedContent(content, update, fail), fail);
			} catch (error) {
				throw error instanceof FrontmatterEditError ? error.original : fail(`${errorText(error)}.`);
			}
			if (written === null) return null;
			this.ownWrites.remember(path, written.text);
			return toVaultFile(path, written.stats);
		});
	}

	/**
	 * An editor wrote into a file one of our writes replaced, after that write returned: the note
	 * is updated to keep what it wrote (see ReplacedFiles). Not remembered as our own write: it is
	 * the user's edit.
	 */
	private async keepLateWrite(absolute: string): Promise<void> {
		const fail = (reason: string) =>
			new Error(`Cannot keep an edit written into a replaced copy of "${absolute}": ${reason}`);
		try {
			await this.locks.run(absolute, () => this.swap(absolute, () => null, fail));
		} catch (error) {
			this.onWatchError(
				error instanceof FrontmatterEditError && error.original instanceof Error
					? error.original
					: fail(errorText(error)),
			);
		}
	}

	/** updateNote with the files our swaps replaced and the note's recent text; remembers the text written. Run under the note's lock. */
	private async swap(
		absolute: string,
		edit: NoteEdit,
		fail: (reason: string) => Error,
	): Promise<{ text: string; stats: Stats } | null> {
		const written = await updateNote(
			absolute,
			edit,
			(bytes) => decodeOrFail(bytes, fail),
			this.replaced,
			this.recentTexts.fullest(absolute),
		);
		if (written) this.recentTexts.saw(absolute, written.text);
		return written;
	}

	/** Removes temp files a killed write left beside notes (`.<name>.<hex>.tmp`); returns how many. */
	async removeStaleTempFiles(): Promise<number> {
		const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true });
		let removed = 0;
		for (const entry of entries) {
			if (!entry.isFile() || !TEMP_FILE.test(entry.name) || !entry.name.slice(1).includes(".md.")) continue;
			await fs.rm(join(entry.parentPath, entry.name), { force: true });
			removed++;
		}
		return removed;
	}

	/**
	 * Writes a new note whole or not at all (createWholeFile: a temp file beside it, fsynced, linked
	 * into place, the folder fsynced) and resolves once it is durable. `whileSyncing` runs once the
	 * whole note is at its path, beside the folder's fsync. When the write fails, nothing is left at
	 * the path (a note already placed is removed once `whileSyncing` has settled).
	 */
	async createNote(
		path: string,
		content: string,
		whileSyncing?: (file: VaultFile) => Promise<void>,
	): Promise<VaultFile> {
		const absolute = await this.paths.resolveNew(path, "path");
		checkWritableNotePath(path, "path");
		// The caller's work beside the folder's fsync, settled; its error is thrown once the note is durable.
		let beside: Promise<{ error: unknown } | null> = Promise.resolve(null);
		let stats;
		try {
			stats = await createWholeFile(absolute, content, {
				// Remembered before the note appears: the watcher may see it before the folder's fsync is done.
				written: (written) => this.ownCreates.remember(path, identityOf(written)),
				placed: (placed) => {
					if (whileSyncing) beside = settle(Promise.resolve(toVaultFile(path, placed)).then(whileSyncing));
				},
			});
		} catch (error) {
			this.ownCreates.forget(path);
			await beside;
			if (error instanceof PlacedError) await fs.rm(absolute, { force: true });
			const cause = error instanceof PlacedError ? error.cause : error;
			const reason =
				(cause as NodeJS.ErrnoException).code === "EEXIST"
					? "a file already exists at that path. Choose another path or amend the existing note"
					: describeFsError(cause);
			throw new Error(`Cannot create note "${path}": ${reason}.`);
		}
		const failure = await beside;
		if (failure) throw failure.error;
		return toVaultFile(path, stats);
	}

	async moveNote(from: string, to: string): Promise<void> {
		const source = await this.paths.resolve(from, "from");
		const target = await this.paths.resolve(to, "to");
		if (!from.endsWith(".md")) throw new Error(`Cannot move "${from}": it is not a markdown note.`);
		checkWritableNotePath(to, "to");
		try {
			if (!(await fs.stat(source)).isFile()) throw new Error("it is not a file");
			await fs.mkdir(dirname(target), { recursive: true });
			await moveWithoutReplacing(source, target);
		} catch (error) {
			const reason =
				(error as NodeJS.ErrnoException).code === "EEXIST"
					? "a file already exists at the target path"
					: describeFsError(error);
			throw new Error(`Cannot move note "${from}" to "${to}": ${reason}.`);
		}
	}

	async removeNote(path: string, mode: RemoveMode): Promise<string | null> {
		const source = await this.paths.resolve(path, "path");
		if (!path.endsWith(".md")) throw new Error(`Cannot remove "${path}": it is not a markdown note.`);
		let folder = TRASH_FOLDER;
		if (mode.kind === "archive") {
			folder = vaultSegments(mode.folder.replace(/\/+$/, ""), "mode.folder").join("/");
			checkVisible(folder, "mode.folder");
			if (path.startsWith(`${folder}/`)) throw new Error(`"${path}" is already in the archive folder "${folder}".`);
		}
		try {
			if (!(await fs.stat(source)).isFile()) throw new Error("it is not a file");
			const target = await freeVaultPath(`${folder}/${path}`, (candidate) =>
				this.paths.resolve(candidate, "the destination"),
			);
			await fs.mkdir(dirname(target.absolute), { recursive: true });
			await fs.rename(source, target.absolute);
			return mode.kind === "trash" ? null : target.path;
		} catch (error) {
			throw new Error(
				`Cannot move note "${path}" to ${mode.kind === "trash" ? "the trash" : `"${folder}"`}: ${describeFsError(error)}.`,
			);
		}
	}

	private async statAt(path: string, absolute: string): Promise<VaultFile | null> {
		try {
			const stats = await fs.stat(absolute);
			return stats.isFile() ? toVaultFile(path, stats) : null;
		} catch (error) {
			if (isMissing(error)) return null;
			throw new Error(`Cannot look up note "${path}": ${describeFsError(error)}.`);
		}
	}

	private skipFolder(folder: string): boolean {
		if (folder === "node_modules" || folder.endsWith("/node_modules")) return true;
		return this.excludedFolders.some((excluded) => folder === excluded || folder.startsWith(`${excluded}/`));
	}
}

/** The work's outcome as a value (its error, or null), so it can be awaited on every path and rethrown later. */
function settle(work: Promise<void>): Promise<{ error: unknown } | null> {
	return work.then(
		() => null,
		(error: unknown) => ({ error }),
	);
}

/** Moves a file unless something has the target's name (see placeWithoutReplacing). */
async function moveWithoutReplacing(source: string, target: string): Promise<void> {
	if (await placeWithoutReplacing(source, target)) await fs.unlink(source);
}

/** Carries an error about the note's content (or the caller's update) out unchanged, as opposed to a file system error. */
class FrontmatterEditError extends Error {
	constructor(readonly original: unknown) {
		super("frontmatter edit refused");
	}
}

function editedContent(content: string, update: FrontmatterUpdate, fail: (reason: string) => Error): string | null {
	let result;
	try {
		result = editFrontmatter(content, update);
	} catch (error) {
		throw new FrontmatterEditError(error);
	}
	if (!result.ok) throw new FrontmatterEditError(fail(result.error));
	return result.changed ? result.content : null;
}

function decodeOrFail(bytes: Uint8Array, fail: (reason: string) => Error): string {
	const content = decodeUtf8(bytes);
	if (content === null) throw new FrontmatterEditError(fail("the file is not valid UTF-8 text. It was not changed."));
	return content;
}

function errorText(error: unknown): string {
	return (error instanceof Error ? error.message : String(error)).replace(/[.\s]+$/, "");
}

/** The text of `bytes`, keeping a BOM; null when they are not valid UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | null {
	try {
		return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
	} catch {
		return null;
	}
}
