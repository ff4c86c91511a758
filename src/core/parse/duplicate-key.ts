import { isScalar, visit, type Document, type Node } from "yaml";

/**
 * The first key that repeats within one mapping (at any depth), or null: what the YAML library's
 * `uniqueKeys` check finds, in one pass over each mapping. The library's own check compares every
 * key with every other (40,000 keys took seconds), so documents are parsed with `uniqueKeys: false`
 * and checked here.
 */
export function duplicateKey(doc: Document): Node | null {
	let found: Node | null = null;
	visit(doc, {
		Map(_key, map) {
			const seen = new Set<unknown>();
			for (const { key } of map.items) {
				const identity = isScalar(key) ? key.value : String(key);
				if (seen.has(identity)) {
					found = key as Node;
					return visit.BREAK;
				}
				seen.add(identity);
			}
			return undefined;
		},
	});
	return found;
}
