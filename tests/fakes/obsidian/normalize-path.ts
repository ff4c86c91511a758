/**
 * Obsidian's normalizePath: `\` and repeated separators become one `/`, leading and trailing
 * slashes go, non-breaking spaces become spaces and the string is NFC-normalised; the vault
 * root is `/`.
 */
export function normalizePath(path: string): string {
	const cleaned = path
		.replace(/[\\/]+/g, "/")
		.replace(/^\/+|\/+$/g, "")
		.replace(/[\u00A0\u202F]/g, " ")
		.normalize("NFC");
	return cleaned === "" ? "/" : cleaned;
}
