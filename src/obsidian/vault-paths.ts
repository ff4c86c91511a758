import { normalizePath } from "obsidian";
import { isInFolder } from "../core/model/memory-paths";

/**
 * A vault-relative path the plugin may create or move things to: no absolute paths, no `.`/`..`
 * segments, nothing hidden (the config folder, `.trash`). Throws a message naming the path.
 */
export function writablePath(input: string, configDir: string, what: string): string {
	const trimmed = input.trim();
	if (trimmed === "")
		throw new Error(`The ${what} path is empty; give a vault-relative path such as "Memory/Note.md".`);
	if (/^([\\/]|[A-Za-z]:)/.test(trimmed)) {
		throw new Error(
			`The ${what} path "${input}" is absolute; give a path relative to the vault root, such as "Memory/Note.md".`,
		);
	}
	const path = normalizePath(trimmed);
	const segments = path.split("/");
	if (segments.some((segment) => segment === "." || segment === "..")) {
		throw new Error(
			`The ${what} path "${input}" contains "." or ".." segments; give a path inside the vault without them.`,
		);
	}
	if (segments.some((segment) => segment.startsWith(".")) || isInFolder(path, configDir)) {
		throw new Error(
			`The ${what} path "${input}" is inside a hidden folder (such as ${configDir} or .trash), which is not part of the vault.`,
		);
	}
	return path;
}

/** `writablePath` for a note: it must also end in `.md`. */
export function writableNotePath(input: string, configDir: string): string {
	const path = writablePath(input, configDir, "note");
	if (!path.toLowerCase().endsWith(".md"))
		throw new Error(`The note path "${input}" does not end in ".md"; memories are markdown notes.`);
	return path;
}

export function parentFolder(path: string): string {
	const slash = path.lastIndexOf("/");
	return slash === -1 ? "" : path.slice(0, slash);
}
