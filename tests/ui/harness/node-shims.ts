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

/**
 * `createHash(…).update(text).digest("hex")`, all the fake App asks of `node:crypto` (its app id):
 * a 64-bit FNV-1a of the text in hex, the same text giving the same id, which is all the id needs.
 */
export function createHash(): { update: (text: string) => { digest: () => string } } {
	return {
		update: (text) => ({
			digest: () => {
				let hash = 0xcbf29ce484222325n;
				for (const char of text)
					hash = ((hash ^ BigInt(char.codePointAt(0) ?? 0)) * 0x100000001b3n) & 0xffffffffffffffffn;
				return hash.toString(16).padStart(16, "0");
			},
		}),
	};
}
