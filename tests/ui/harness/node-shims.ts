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

/** `createHash` for the fake app's id: a stable hex digest of the input (FNV-1a, not SHA-256; the page needs only stability). */
export function createHash(_algorithm: string): { update(text: string): { digest(encoding: "hex"): string } } {
	return {
		update: (text) => ({
			digest: () => {
				let hash = 0x811c9dc5;
				for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
				return hash.toString(16).padStart(8, "0").repeat(8);
			},
		}),
	};
}
