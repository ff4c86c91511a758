import { promises as fs } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { describeFsError } from "./fs-errors";

/**
 * Turns vault-relative paths into absolute ones that are guaranteed to lie inside the vault,
 * also after following symbolic links, so no read or write can leave the vault folder.
 */
export class VaultPaths {
	private realRoot: Promise<string> | null = null;
	/** What realRoot resolved to, once it has. */
	private realRootPath = "";

	constructor(readonly root: string) {}

	/**
	 * Absolute path for `path` with symbolic links resolved (a link to a note inside the vault
	 * yields the linked file, so writes replace the real note and not the link). Missing trailing
	 * segments are allowed, for files and folders about to be created.
	 */
	async resolve(path: unknown, argument: string): Promise<string> {
		const segments = vaultSegments(path, argument);
		return this.inside(await realpathOfExisting(join(await this.rootReal(), ...segments)), path, argument);
	}

	/**
	 * Absolute path for a file about to be created exclusively (O_CREAT | O_EXCL, which never
	 * follows a link at the last segment): only its folder is resolved, one realpath instead of a
	 * failed one on the file and then one on the folder.
	 */
	async resolveNew(path: unknown, argument: string): Promise<string> {
		const segments = vaultSegments(path, argument);
		const name = segments.pop() as string;
		const folder = await realpathOfExisting(join(await this.rootReal(), ...segments));
		return join(this.inside(folder, path, argument), name);
	}

	private inside(real: string, path: unknown, argument: string): string {
		const root = this.realRootPath;
		if (real !== root && !real.startsWith(root + sep)) {
			throw outside(path as string, argument, "it leads through a symbolic link to a place outside the vault");
		}
		return real;
	}

	private rootReal(): Promise<string> {
		this.realRoot ??= fs.realpath(resolve(this.root)).then(
			(real) => (this.realRootPath = real),
			(error: unknown) => {
				this.realRoot = null; // the folder may appear later
				throw new Error(`The vault folder "${this.root}" cannot be opened: ${describeFsError(error)}.`);
			},
		);
		return this.realRoot;
	}
}

/** Checks that `path` is a vault-relative path (`/`-separated, no `.`/`..`/empty segments) and returns its segments. */
export function vaultSegments(path: unknown, argument: string): string[] {
	if (typeof path !== "string")
		throw new Error(`${argument} must be a vault-relative path inside the vault (got ${typeof path}).`);
	const problem = pathProblem(path);
	if (problem) throw outside(path, argument, problem);
	return path.split("/");
}

/** Checks that a path the adapter writes a note to is a visible markdown note (Obsidian ignores hidden folders). */
export function checkWritableNotePath(path: string, argument: string): void {
	if (!path.endsWith(".md")) throw outside(path, argument, 'it does not end in ".md"', "a markdown note path");
	checkVisible(path, argument);
}

/** Checks that no segment of `path` is hidden (starts with "."). */
export function checkVisible(path: string, argument: string): void {
	if (path.split("/").some((segment) => segment.startsWith(".")))
		throw outside(path, argument, "it is inside a hidden folder");
}

function pathProblem(path: string): string | null {
	if (path === "") return "it is empty";
	if (path.includes("\0")) return "it contains a NUL character";
	if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return "it is absolute";
	if (path.includes("\\")) return 'it contains "\\"; separate folders with "/"';
	const segments = path.split("/");
	if (segments.includes("..")) return 'it contains a ".." segment';
	if (segments.some((segment) => segment === "" || segment === ".")) return 'it contains an empty or "." segment';
	return null;
}

function outside(
	path: string,
	argument: string,
	reason: string,
	what = "a vault-relative path inside the vault",
): Error {
	return new Error(`${argument} "${path}" must be ${what}: ${reason}.`);
}

/** realpath of the longest existing prefix of `path`, with the missing rest appended. */
async function realpathOfExisting(path: string): Promise<string> {
	try {
		return await fs.realpath(path);
	} catch (error) {
		const parent = dirname(path);
		if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === path) throw error;
		return join(await realpathOfExisting(parent), path.slice(parent.length + 1));
	}
}
