import type { MemoryGraph } from "./memory-graph";
import { MemoryError } from "../model/memory-error";

/** Longest id accepted; far above any real path, low enough that a message quoting it stays short. */
const MAX_ID_LENGTH = 1024;
const QUOTED_CHARS = 80;
// `[[target|alias]]` or `![[target#heading]]`: the target part, as Obsidian reads it.
const WIKILINK = /^!?\[\[([^\]|]*)(?:\|[^\]]*)?\]\]$/;

/**
 * The node id (vault path) a tool argument names: a vault path (`Memory/Foo.md`, `.md`
 * optional) or a link text (`Foo`, `[[Foo]]`, `[[Foo|alias]]`, `Folder/Foo`), resolved as
 * Obsidian resolves a link written at the vault root. Refuses anything that could reach outside
 * the vault (absolute paths, `..`, backslashes, NUL and other control characters) before any
 * lookup, and anything that is not a note of the graph. Never touches the file system.
 */
export function resolveMemoryId(graph: MemoryGraph, id: unknown, field: string): string {
	if (typeof id !== "string") {
		throw new MemoryError(
			`${field} must be a string: a path like Memory/Foo.md or a link text (got ${id === null ? "null" : typeof id}).`,
			field,
		);
	}
	const target = linkTarget(id.trim());
	const problem = idProblem(target);
	if (problem) throw new MemoryError(`${field} ${quote(id)} is not a usable memory id: ${problem}.`, field);
	// An exact path first: a note named "Plan #2" is a path, not the heading "2" of "Plan".
	const exact = [target, `${target}.md`].find((candidate) => graph.hasNote(candidate));
	const path = exact ?? graph.resolve(target, "");
	if (path === null || !graph.hasNote(path)) throw noMemory(id, field);
	return path;
}

/**
 * `resolveMemoryId` for a client that may read only some notes: a note it may not read is
 * refused with the very message of a note that does not exist, so the refusal says nothing of
 * its existence or its folder.
 */
export function resolveReadableMemoryId(
	graph: MemoryGraph,
	id: unknown,
	field: string,
	canRead: (path: string) => boolean,
): string {
	const path = resolveMemoryId(graph, id, field);
	if (!canRead(path)) throw noMemory(id as string, field);
	return path;
}

function noMemory(id: string, field: string): MemoryError {
	return new MemoryError(
		`No memory ${quote(id)} (field ${field}); use a path like Memory/Foo.md or a link text.`,
		field,
	);
}

function linkTarget(id: string): string {
	const match = WIKILINK.exec(id);
	return (match ? match[1] : id).trim();
}

function idProblem(target: string): string | null {
	if (target === "") return "it is empty";
	if (target.length > MAX_ID_LENGTH) return `it is longer than ${MAX_ID_LENGTH} characters`;
	// eslint-disable-next-line no-control-regex -- refusing control characters is the point
	if (/[\u0000-\u001f\u007f]/.test(target)) return "it contains a control character";
	if (target.includes("\\")) return 'it contains "\\"; separate folders with "/"';
	if (target.startsWith("/") || /^[A-Za-z]:/.test(target))
		return "it is an absolute path; give a path inside the vault";
	if (target.split("/").includes("..")) return 'it contains a ".." segment';
	return null;
}

/** The id as given, shortened for a message. */
function quote(id: string): string {
	const shown = id.length > QUOTED_CHARS ? `${id.slice(0, QUOTED_CHARS - 1)}…` : id;
	return JSON.stringify(shown);
}
