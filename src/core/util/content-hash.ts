const utf8 = new TextEncoder();

/**
 * FNV-1a 64 of the UTF-8 encoding of `text`, as 16 lowercase hex digits: a fast, stable content
 * key for chunks (embedding cache keys), not a cryptographic hash. The 64-bit state lives in
 * four 16-bit limbs so every product stays exact in a double. Lone surrogates count as U+FFFD,
 * as in TextEncoder.
 */
export function fnv1a64(text: string): string {
	const bytes = utf8.encode(text);
	// Offset basis 0xcbf29ce484222325, low limb first.
	let h0 = 0x2325;
	let h1 = 0x8422;
	let h2 = 0x9ce4;
	let h3 = 0xcbf2;
	for (let i = 0; i < bytes.length; i++) {
		h0 ^= bytes[i];
		// Multiply by the FNV prime 2^40 + 0x1b3 (limbs: 0x01b3, 0, 0x0100, 0).
		const t0 = h0 * 0x1b3;
		const t1 = h1 * 0x1b3 + (t0 >>> 16);
		const t2 = h2 * 0x1b3 + h0 * 0x100 + (t1 >>> 16);
		const t3 = h3 * 0x1b3 + h1 * 0x100 + (t2 >>> 16);
		h0 = t0 & 0xffff;
		h1 = t1 & 0xffff;
		h2 = t2 & 0xffff;
		h3 = t3 & 0xffff;
	}
	const hex = (limb: number): string => limb.toString(16).padStart(4, "0");
	return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}
