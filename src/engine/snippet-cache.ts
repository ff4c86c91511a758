import type { MemoryNodeAttributes } from "../core/graph/types";
import { snippetOf } from "./recall-hits";

const DEFAULT_CAPACITY = 4096;

/**
 * Concise recall shows a short snippet of each hit; reading and flattening ten notes per call was
 * most of a recall's cost. Snippets are kept per note while its mtime and size are unchanged,
 * the least recently used dropped beyond `capacity` (≈ 300 bytes each).
 */
export class SnippetCache {
	private readonly entries = new Map<string, { mtime: number; size: number; snippet: string | null }>();

	constructor(private readonly capacity = DEFAULT_CAPACITY) {}

	async get(node: MemoryNodeAttributes, read: () => Promise<string | null>): Promise<string | null> {
		const cached = this.entries.get(node.path);
		if (cached && cached.mtime === node.mtime && cached.size === node.size) {
			this.entries.delete(node.path);
			this.entries.set(node.path, cached);
			return cached.snippet;
		}
		const text = await read();
		const snippet = text === null ? null : snippetOf(text);
		// A note that could not be read (deleted meanwhile) is not remembered as empty.
		if (text !== null) {
			this.entries.delete(node.path);
			this.entries.set(node.path, { mtime: node.mtime, size: node.size, snippet });
			if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
		}
		return snippet;
	}
}
