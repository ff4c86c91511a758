/**
 * Which files are memories: markdown notes outside hidden folders (the config folder, `.trash`,
 * `.git`) and outside the folders the user excluded.
 */
export function isMemoryPath(path: string, excludedFolders: readonly string[]): boolean {
	if (!path.toLowerCase().endsWith(".md")) return false;
	const segments = path.split("/");
	if (segments.some((segment) => segment.startsWith("."))) return false;
	return !excludedFolders.some((folder) => folder.trim() !== "" && isInFolder(path, folder));
}

export function isInFolder(path: string, folder: string): boolean {
	const prefix = folder.replace(/^\/+|\/+$/g, "");
	return prefix === "" || path === prefix || path.startsWith(`${prefix}/`);
}
