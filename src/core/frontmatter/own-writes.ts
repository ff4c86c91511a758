/**
 * Remembers, per note, a fingerprint of the content our last frontmatter write left there, so
 * the change event for that write can be told from an edit by the user or another tool without
 * faking the file's modification time. Fingerprints are 53-bit hashes: a user edit that hashes
 * to the same value is as unlikely as it is harmless (it would just not count as a use).
 */
export class OwnWrites {
	private readonly byPath = new Map<string, number>();

	remember(path: string, content: string): void {
		this.byPath.set(path, fingerprint(content));
	}

	/** True when `content` is exactly what our last write to `path` left there. */
	isOwn(path: string, content: string): boolean {
		const written = this.byPath.get(path);
		return written !== undefined && written === fingerprint(content);
	}

	forget(path: string): void {
		this.byPath.delete(path);
	}
}

/** cyrb53: two 32-bit multiplicative hashes mixed into 53 bits. */
function fingerprint(text: string): number {
	let h1 = 0xdeadbeef ^ text.length;
	let h2 = 0x41c6ce57 ^ text.length;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ code, 2654435761);
		h2 = Math.imul(h2 ^ code, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
