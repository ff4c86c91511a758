import type { ActivityEventOf, StoredRecord } from "./records";
import { LEGACY_DEVICE } from "./device-id";
import { compareEntries, lastActivityAt, mergeNodeActivity } from "./merge-activity";
import {
	emptyNodeActivity,
	type HistoryEntry,
	type NodeActivity,
	type RecallHistory,
	type RenameMark,
	type UndoMark,
} from "./node-activity";

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

/** What a snapshot holds besides the nodes. */
export interface StateMarks {
	lastSeq: number;
	renames: RenameMark[];
	undos: UndoMark[];
}

/** Renames kept per device for merging with other devices; older ones are assumed synced everywhere. */
const MAX_RENAME_MARKS = 1000;

function entryKey(device: string, seq: number): string {
	return `${device}:${seq}`;
}

/**
 * In-memory activity of every node: the result of replaying one device's records, possibly
 * merged with other devices' states (`absorb`). Records are applied as they come; the
 * folds (counts, latest times, sorted recall times) do not depend on the order.
 */
export class ActivityState {
	private readonly nodes = new Map<string, NodeActivity>();
	private readonly entries = new Map<string, HistoryEntry>();
	private renames: RenameMark[] = [];
	private undos: UndoMark[] = [];
	private last = 0;

	constructor(
		private readonly limits: ActivityLimits,
		/** The device whose records `apply` receives. */
		readonly device: string = LEGACY_DEVICE,
	) {}

	static restore(
		nodes: NodeActivity[],
		marks: StateMarks,
		limits: ActivityLimits,
		device: string = LEGACY_DEVICE,
	): ActivityState {
		const state = new ActivityState(limits, device);
		for (const node of nodes) {
			state.nodes.set(node.path, node);
			for (const entry of node.history) state.entries.set(entryKey(entry.device, entry.seq), entry);
		}
		state.last = marks.lastSeq;
		state.renames = marks.renames;
		state.undos = marks.undos;
		return state;
	}

	/** The highest sequence number applied from this device. */
	get lastSeq(): number {
		return this.last;
	}

	get size(): number {
		return this.nodes.size;
	}

	marks(): StateMarks {
		return { lastSeq: this.last, renames: this.renames, undos: this.undos };
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

	entry(seq: number, device: string = this.device): Readonly<HistoryEntry> | undefined {
		return this.entries.get(entryKey(device, seq));
	}

	/** Why an undo of `ref` (of `device`) cannot be recorded, or null when it can. */
	undoProblem(ref: number, device: string = this.device): string | null {
		const entry = this.entries.get(entryKey(device, ref));
		const which = device === this.device ? `${ref}` : `${ref} of device "${device}"`;
		if (!entry) return `no transition or prune with sequence number ${which} is in the history`;
		if (entry.undoneAt !== null) return `record ${which} was already undone`;
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
		found.sort(compareEntries);
		return filter.limit === undefined ? found : found.slice(Math.max(0, found.length - filter.limit));
	}

	/** Applies one of this device's records; returns the history entry it created, if any. */
	apply(record: StoredRecord): HistoryEntry | undefined {
		this.last = Math.max(this.last, record.seq);
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
				this.renames.push({ from: record.from, to: record.to, at: record.at });
				if (this.renames.length > MAX_RENAME_MARKS) this.renames.shift();
				this.rename(record);
				return;
			case "transition":
			case "prune": {
				const { seq, ...event } = record;
				const entry: HistoryEntry = { ...event, seq, device: this.device, undoneAt: null };
				this.addEntry(this.touch(record.path), entry);
				return entry;
			}
			case "undo": {
				const device = record.device ?? this.device;
				if (device !== this.device) this.undos.push({ device, ref: record.ref, at: record.at });
				this.markUndone(device, record.ref, record.at);
				return;
			}
		}
	}

	/**
	 * Gives a history entry another sequence number: two writers appended the same number to
	 * one log, and both records are kept.
	 */
	renumber(entry: HistoryEntry, seq: number): void {
		if (this.entries.get(entryKey(entry.device, entry.seq)) === entry)
			this.entries.delete(entryKey(entry.device, entry.seq));
		entry.seq = seq;
		this.entries.set(entryKey(entry.device, seq), entry);
		this.last = Math.max(this.last, seq);
	}

	/**
	 * Merges other devices' states into this one: per node the union of recalls and history and
	 * the latest times; a tombstone stands only if no device used the note after it. Then every
	 * device's renames and cross-device undos are replayed onto the merged nodes. The others are
	 * consumed.
	 */
	absorb(others: readonly ActivityState[]): void {
		for (const other of others) {
			for (const node of other.nodes.values()) this.mergeNode(node);
		}
		const renames = [this.renames, ...others.map((o) => o.renames)].flat().sort((a, b) => a.at - b.at);
		for (const mark of renames) {
			const moved = this.nodes.get(mark.from);
			// Only activity from before the rename moves: later activity at the old path belongs to a new note there.
			if (!moved || lastActivityAt(moved) > mark.at) continue;
			this.nodes.delete(mark.from);
			moved.path = mark.to;
			this.mergeNode(moved);
		}
		this.entries.clear();
		for (const node of this.nodes.values())
			for (const entry of node.history) this.entries.set(entryKey(entry.device, entry.seq), entry);
		for (const mark of [this.undos, ...others.map((o) => o.undos)].flat())
			this.markUndone(mark.device, mark.ref, mark.at);
	}

	private mergeNode(node: NodeActivity): void {
		const mine = this.nodes.get(node.path);
		this.nodes.set(node.path, mine ? mergeNodeActivity(mine, node, this.limits) : node);
	}

	private markUndone(device: string, ref: number, at: number): void {
		const entry = this.entries.get(entryKey(device, ref));
		if (entry && entry.undoneAt === null) entry.undoneAt = at;
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
		for (const entry of replaced?.history ?? []) this.entries.delete(entryKey(entry.device, entry.seq));
		this.nodes.delete(record.from);
		node.path = record.to;
		this.nodes.set(record.to, node);
	}

	private addEntry(node: NodeActivity, entry: HistoryEntry): void {
		node.history.push(entry);
		// On a sequence clash the first entry keeps the number; the store renumbers the other.
		const key = entryKey(entry.device, entry.seq);
		if (!this.entries.has(key)) this.entries.set(key, entry);
		while (node.history.length > this.limits.maxHistoryPerNode) {
			const dropped = node.history.shift();
			if (dropped) this.entries.delete(entryKey(dropped.device, dropped.seq));
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
				? {
						count: older.count + 1,
						firstAt: Math.min(older.firstAt, evicted),
						lastAt: Math.max(older.lastAt, evicted),
						stability,
					}
				: { count: 1, firstAt: evicted, lastAt: evicted, stability };
		}
	}
}

const LAST_FIELD = { open: "lastOpened", edit: "lastEdited", link: "lastLinked", cascade: "lastCascaded" } as const;

function latest(current: number | null, at: number): number {
	return current === null ? at : Math.max(current, at);
}
