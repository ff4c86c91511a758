/**
 * `node:crypto` as the fake obsidian module uses it (`createHash(...).update(text).digest("hex")`
 * for the app's id), for the browser harness. Not a real SHA-256: a stable 64-bit FNV-1a of the
 * text, spelt as hex and repeated to the length a caller slices from, is all an id needs.
 */
function fnv1a(text: string): string {
	let high = 0x811c9dc5;
	let low = 0x01000193;
	for (let i = 0; i < text.length; i++) {
		high = Math.imul(high ^ text.charCodeAt(i), 0x01000193) >>> 0;
		low = Math.imul(low ^ high, 0x85ebca6b) >>> 0;
	}
	return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}

export function createHash(_algorithm: string): { update(text: string): { digest(encoding: "hex"): string } } {
	return {
		update: (text) => ({ digest: () => fnv1a(text).repeat(4) }),
	};
}
