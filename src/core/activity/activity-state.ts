import type { ActivityEventOf, StoredRecord } from "./records";
import { emptyNodeActivity, type HistoryEntry, type NodeActivity, type RecallHistory } from "./node-activity";

/**
 * Folds one evicted recall into the running stability of the older recalls (spaced
 * repetition lives in scoring; the store only carries the number across evictions).
 */
export type StabilityFold = (stability: number | null, at: number, previousAt: number | null) => number;

export interface ActivityLimits {
	maxRecentRecalls: number;
	maxHistoryPerNode: number;
	stability?: StabilityFold;
}

export interface HistoryFilter {
	/** Only this node (its history follows renames). */
	path?: string;
	kinds?: readonly HistoryEntry["kind"][];
	/** Only entries at or after this time. */
	since?: number;
	/** Keep only the most recent `limit` entries. */
	limit?: number;
}

/** In-memory activity of every node: the result of replaying records in sequence order. */
export class ActivityState {
	private readonly nodes = new Map<string, NodeActivity>();
	private readonly entries = new Map<number, HistoryEntry>();
	private last = 0;

	constructor(private readonly limits: ActivityLimits) {}

	static restore(nodes: NodeActivity[], lastSeq: number, limits: ActivityLimits): ActivityState {
		const state = new ActivityState(limits);
		for (const node of nodes) {
			state.nodes.set(node.path, node);
			for (const entry of node.history) state.entries.set(entry.seq, entry);
		}
		state.last = lastSeq;
		return state;
	}

	get lastSeq(): number {
		return this.last;
	}

	get size(): number {
		return this.nodes.size;
	}

	/** The node's activity, including a deleted node's tombstone; do not mutate. */
	get(path: string): Readonly<NodeActivity> | undefined {
		return this.nodes.get(path);
	}

	/** Paths of nodes that are not deleted. */
	paths(): string[] {
		const paths: string[] = [];
		for (const node of this.nodes.values()) if (node.deletedAt === null) paths.push(node.path);
		return paths;
	}

	/** Every node, tombstones included, for a snapshot. */
	allNodes(): IterableIterator<NodeActivity> {
		return this.nodes.values();
	}

	entry(seq: number): Readonly<HistoryEntry> | undefined {
		return this.entries.get(seq);
	}

	/** Why an undo of `ref` cannot be recorded, or null when it can. */
	undoProblem(ref: number): string | null {
		const entry = this.entries.get(ref);
		if (!entry) return `no transition or prune with sequence number ${ref} is in the history`;
		if (entry.undoneAt !== null) return `record ${ref} was already undone`;
		return null;
	}

	history(filter: HistoryFilter = {}): HistoryEntry[] {
		const sources = filter.path === undefined ? [...this.nodes.values()] : [this.nodes.get(filter.path)];
		const found: HistoryEntry[] = [];
		for (const node of sources) {
			for (const entry of node?.history ?? []) {
				if (filter.kinds && !filter.kinds.includes(entry.kind)) continue;
				if (filter.since !== undefined && entry.at < filter.since) continue;
				found.push(entry);
			}
		}
		found.sort((a, b) => a.seq - b.seq);
		return filter.limit === undefined ? found : found.slice(Math.max(0, found.length - filter.limit));
	}

	/** Applies a record; records must arrive in increasing sequence order. */
	apply(record: StoredRecord): void {
		if (record.seq <= this.last) throw new Error(`record ${record.seq} applied after record ${this.last}`);
		this.last = record.seq;
		switch (record.kind) {
			case "recall": {
				const node = this.touch(record.path);
				this.addRecall(node.recalls, record.at);
				node.lastRecalled = latest(node.lastRecalled, record.at);
				return;
			}
			case "open":
			case "edit":
			case "link":
			case "cascade": {
				const node = this.touch(record.path);
				const field = LAST_FIELD[record.kind];
				node[field] = latest(node[field], record.at);
				return;
			}
			case "delete": {
				const node = this.nodes.get(record.path);
				if (node) node.deletedAt = record.at;
				return;
			}
			case "rename":
				return this.rename(record);
			case "transition":
			case "prune":
				this.addEntry(this.touch(record.path), { ...record, undoneAt: null });
				return;
			case "undo": {
				const entry = this.entries.get(record.ref);
				if (entry && entry.undoneAt === null) entry.undoneAt = record.at;
				return;
			}
		}
	}

	private touch(path: string): NodeActivity {
		let node = this.nodes.get(path);
		if (!node) {
			node = emptyNodeActivity(path);
			this.nodes.set(path, node);
		}
		node.deletedAt = null;
		return node;
	}

	private rename(record: ActivityEventOf<"rename">): void {
		const node = this.nodes.get(record.from);
		if (!node) return;
		const replaced = this.nodes.get(record.to);
		for (const entry of replaced?.history ?? []) this.entries.delete(entry.seq);
		this.nodes.delete(record.from);
		node.path = record.to;
		this.nodes.set(record.to, node);
	}

	private addEntry(node: NodeActivity, entry: HistoryEntry): void {
		node.history.push(entry);
		this.entries.set(entry.seq, entry);
		while (node.history.length > this.limits.maxHistoryPerNode) {
			const dropped = node.history.shift();
			if (dropped) this.entries.delete(dropped.seq);
		}
	}

	private addRecall(recalls: RecallHistory, at: number): void {
		recalls.count++;
		const recent = recalls.recent;
		let i = recent.length;
		while (i > 0 && recent[i - 1] > at) i--;
		recent.splice(i, 0, at);
		while (recent.length > this.limits.maxRecentRecalls) {
			const evicted = recent.shift() as number;
			const older = recalls.older;
			const stability = this.limits.stability?.(older?.stability ?? null, evicted, older?.lastAt ?? null) ?? null;
			recalls.older = older
				? { count: older.count + 1, firstAt: Math.min(older.firstAt, evicted), lastAt: Math.max(older.lastAt, evicted), stability }
				: { count: 1, firstAt: evicted, lastAt: evicted, stability };
		}
	}
}

const LAST_FIELD = { open: "lastOpened", edit: "lastEdited", link: "lastLinked", cascade: "lastCascaded" } as const;

function latest(current: number | null, at: number): number {
	return current === null ? at : Math.max(current, at);
}
