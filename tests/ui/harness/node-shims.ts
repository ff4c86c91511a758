/** `node:path` and `node:timers` as the fake obsidian module uses them, for the browser harness. */
export function join(...parts: string[]): string {
	return parts.join("/").replace(/\/+/g, "/").replace(/\/$/, "") || "/";
}

export const setTimeout = globalThis.setTimeout.bind(globalThis);
export const clearTimeout = globalThis.clearTimeout.bind(globalThis);
export const setInterval = globalThis.setInterval.bind(globalThis);
export const clearInterval = globalThis.clearInterval.bind(globalThis);
