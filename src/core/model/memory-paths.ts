/**
 * Which files are memories: markdown notes outside hidden folders (the config folder, `.trash`,
 * `.git`) and outside the folders the user excluded.
 */
export function isMemoryPath(path: string, excludedFolders: readonly string[]): boolean {
	if (!isLinkTargetPath(path)) return false;
	return !excludedFolders.some((folder) => folder.trim() !== "" && isInFolder(path, folder));
}

/** A note a link can resolve to, memory or not: a `.md` file outside hidden folders (which Obsidian does not index). */
export function isLinkTargetPath(path: string): boolean {
	if (!path.toLowerCase().endsWith(".md")) return false;
	return !path.split("/").some((segment) => segment.startsWith("."));
}

export function isInFolder(path: string, folder: string): boolean {
	const prefix = folder.replace(/^\/+|\/+$/g, "");
	return prefix === "" || path === prefix || path.startsWith(`${prefix}/`);
}
