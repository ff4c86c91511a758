/** URIs of the memory resources. Each path segment is percent-encoded, so "/" stays the folder separator. */
export const CORE_MEMORIES_URI = "memory://core";
export const HOOK_SETTINGS_URI = "memory://hooks/settings";
export const NOTE_URI_TEMPLATE = "memory://note/{+node_id}";

export function noteUri(path: string): string {
	return `memory://note/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The id in a note URI's `node_id` variable, decoded; a malformed escape is left as written for the id check to refuse. */
export function idFromUri(variable: string | string[] | undefined): string {
	const value = Array.isArray(variable) ? variable.join("/") : (variable ?? "");
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}
