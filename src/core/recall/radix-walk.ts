import type SearchableMap from "minisearch/SearchableMap";

/** The key under which MiniSearch's radix tree keeps a node's own value. */
const LEAF = "";

type RadixNode<T> = SearchableMap<T>["_tree"];

export interface WalkStop {
	/** The last key visited: pass it as `after` to go on. */
	last: string | null;
	/** Whether every key after `after` has been visited. */
	done: boolean;
}

/**
 * Visits at most `limit` entries of the map in key order, starting after the key `after` (from
 * the first key when null). Unlike the map's iterator, which breaks when the tree is changed
 * under it, a walk resumed from its last key is correct whatever was added or removed in between:
 * it looks the position up again from the root.
 */
export function walkEntriesAfter<T>(
	map: SearchableMap<T>,
	after: string | null,
	limit: number,
	visit: (key: string, value: T) => void,
): WalkStop {
	const state = { left: limit, last: after };
	const stopped = walk(map._tree, map._prefix, after, state, visit);
	return { last: state.last, done: !stopped };
}

/** True when it stopped at the limit. */
function walk<T>(
	node: RadixNode<T>,
	prefix: string,
	after: string | null,
	state: { left: number; last: string | null },
	visit: (key: string, value: T) => void,
): boolean {
	for (const label of [...node.keys()].sort()) {
		const key = prefix + label;
		if (label === LEAF) {
			if (after !== null && key <= after) continue;
			if (state.left === 0) return true;
			state.left--;
			state.last = key;
			visit(key, node.get(LEAF) as T);
			continue;
		}
		// Every key below starts with `key`: all of them sort before `after` unless `after` does too.
		if (after !== null && key < after && !after.startsWith(key)) continue;
		if (walk(node.get(label) as RadixNode<T>, key, after, state, visit)) return true;
	}
	return false;
}
