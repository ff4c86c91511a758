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

/**
 * The map's entries one at a time, in the order of the map's own iterator (each node's keys
 * last first), without its garbage: for every key the iterator makes a result object, an entry
 * array and three more arrays to join the key, hundreds of thousands of each for an index's
 * terms at 100k notes. The map must not change while a cursor reads it.
 */
export class RadixCursor<T> {
	private readonly nodes: RadixNode<T>[] = [];
	private readonly labels: string[][] = [];
	private readonly prefixes: string[] = [];
	/** The entry `next` moved to. */
	key = "";
	value: T | undefined;

	constructor(map: SearchableMap<T>) {
		this.enter(map._tree, map._prefix);
	}

	/** Moves to the next entry; false when there is none. */
	next(): boolean {
		for (let depth = this.labels.length - 1; depth >= 0; depth = this.labels.length - 1) {
			const label = this.labels[depth].pop();
			if (label === undefined) {
				this.nodes.pop();
				this.labels.pop();
				this.prefixes.pop();
			} else if (label === LEAF) {
				this.key = this.prefixes[depth];
				this.value = this.nodes[depth].get(LEAF) as T;
				return true;
			} else {
				this.enter(this.nodes[depth].get(label) as RadixNode<T>, this.prefixes[depth] + label);
			}
		}
		return false;
	}

	private enter(node: RadixNode<T>, prefix: string): void {
		this.nodes.push(node);
		this.labels.push([...node.keys()]);
		this.prefixes.push(prefix);
	}
}
