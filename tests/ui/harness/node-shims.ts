/** `node:path`, `node:timers`, `node:vm` and `node:crypto` as the fake obsidian module uses them, for the browser harness. */
export function join(...parts: string[]): string {
	return parts.join("/").replace(/\/+/g, "/").replace(/\/$/, "") || "/";
}

export const setTimeout = window.setTimeout.bind(window);
export const clearTimeout = window.clearTimeout.bind(window);
export const setInterval = window.setInterval.bind(window);
export const clearInterval = window.clearInterval.bind(window);

/** The page's global object: all `tests/fakes/global-object.ts` asks `runInThisContext` for. */
export function runInThisContext(): Window {
	return window;
}
