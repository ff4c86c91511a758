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

/** `node:crypto`'s createHash as the fake app uses it (an id from the vault folder): FNV-1a, enough for one page. */
export function createHash(_algorithm: string) {
	let text = "";
	const hash = {
		update(data: string) {
			text += data;
			return hash;
		},
		digest(_encoding: "hex"): string {
			let h = 0x811c9dc5;
			for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
			return h.toString(16).padStart(8, "0").repeat(8);
		},
	};
	return hash;
}
