import { ActivityState, type ActivityLimits, type HistoryFilter, type StabilityFold } from "../../core/activity/activity-state";
import { parseActivitySettings, type ActivitySettings } from "../../core/activity/activity-settings";
import { decodeLog, encodeRecordLine } from "../../core/activity/log-codec";
import type { HistoryEntry, NodeActivity } from "../../core/activity/node-activity";
import { ActivityRecordError, parseActivityEvent, type ActivityEvent, type StoredRecord } from "../../core/activity/records";
import { decodeSnapshot, encodeSnapshot } from "../../core/activity/snapshot-codec";
import { classifyStoreFiles, logFileName, snapshotFileName } from "../../core/activity/store-files";
import type { StoragePort } from "../../core/model/storage-port";
import { errorMessage } from "../../core/model/error-message";

export interface ActivityStoreOptions extends Partial<ActivitySettings> {
	/** Fills in `at` for records that come without one. */
	clock?: () => number;
	stability?: StabilityFold;
}

/** An event as callers pass it: `at` may be left out when the store has a clock. */
export type ActivityInput = ActivityEvent extends infer E
	? E extends { at: number }
		? Omit<E, "at"> & { at?: number }
		: never
	: never;

/** Something the store repaired or could not do, for the user to see; never fatal. */
export interface ActivityWarning {
	file: string;
	/** 1-based line in `file`, when the problem is a line. */
	line: number | null;
	message: string;
}

export interface ActivityStoreStats {
	lastSeq: number;
	nodes: number;
	/** Generation of the log being appended to. */
	generation: number;
	/** Records and bytes appended since the last compaction (or attempt), which decide the next one. */
	recordsSinceCompaction: number;
	bytesSinceCompaction: number;
}

const CALLER_TURNS = 8;

interface Pending {
	record: StoredRecord;
	line: string;
	resolve: (seq: number) => void;
	reject: (error: Error) => void;
}

interface Switched {
	generation: number;
	snapshot: string;
}

/**
 * Durable activity (recalls, opens, edits, links, renames, deletes, lifecycle history) over a
 * StoragePort: an append-only checksummed log plus a snapshot, see docs/activity-store.md.
 * `record` resolves once the record is durable; records arriving while an append is in flight
 * are written together by the next append (group commit). One writer per storage folder.
 */
export class ActivityStore {
	readonly warnings: ActivityWarning[] = [];
	private nextSeq: number;
	private pending: Pending[] = [];
	private writing = false;
	private idle: Promise<void> = Promise.resolve();
	/** After a failed append the file may end in a partial line; the next append starts on a fresh line. */
	private needsSeparator = false;
	private switchRequest: { resolve: (switched: Switched) => void; reject: (error: unknown) => void } | null = null;
	private compaction: Promise<void> | null = null;
	private records = 0;
	private bytes = 0;
	private closed = false;

	private constructor(
		private readonly storage: StoragePort,
		private readonly state: ActivityState,
		private readonly settings: ActivitySettings,
		private readonly clock: (() => number) | undefined,
		private generation: number,
		/** The oldest generation whose log may still exist: the current snapshot's generation. */
		private snapshotGeneration: number,
	) {
		this.nextSeq = state.lastSeq + 1;
	}

	/**
	 * Loads the newest readable snapshot and replays the logs after it. Torn or corrupt lines
	 * are skipped and reported in `warnings`, then dropped by an immediate compaction; leftovers
	 * of an interrupted compaction are deleted. Throws only when a snapshot exists and none is
	 * readable, because starting empty would silently lose history.
	 */
	static async open(storage: StoragePort, options: ActivityStoreOptions = {}): Promise<ActivityStore> {
		const { clock, stability, ...rest } = options;
		const settings = parseActivitySettings(rest);
		const limits = { maxRecentRecalls: settings.maxRecentRecalls, maxHistoryPerNode: settings.maxHistoryPerNode, stability };
		const files = classifyStoreFiles(await storage.list());
		const warnings: ActivityWarning[] = [];
		const snapshot = await loadNewestSnapshot(storage, files.snapshots, limits, warnings);
		const liveLogs = files.logs.filter((g) => g >= snapshot.generation);
		const replayed = await replayLogs(storage, liveLogs, snapshot.state, warnings);

		// Above every existing name, damaged snapshots included, so no file is ever overwritten.
		const generation = Math.max(1, ...files.snapshots, ...liveLogs);
		const store = new ActivityStore(storage, snapshot.state, settings, clock, generation, snapshot.generation);
		store.warnings.push(...warnings);
		store.records = replayed.records;
		store.bytes = replayed.bytes;
		store.needsSeparator = replayed.damaged;

		const stale = [
			...files.leftovers,
			...files.snapshots.filter((g) => g < snapshot.generation).map(snapshotFileName),
			...files.logs.filter((g) => g < snapshot.generation).map(logFileName),
		];
		for (const file of stale) await store.removeQuietly(file);
		if (replayed.damaged) {
			await store.compact().catch((error: unknown) => store.warn(logFileName(generation), "compaction after repair failed", error));
		} else {
			store.maybeCompact();
		}
		return store;
	}

	/**
	 * Validates and appends one record; resolves with its sequence number once it is durable.
	 * Invalid input is rejected with an ActivityRecordError naming the field and never written.
	 */
	async record(input: ActivityInput): Promise<number> {
		if (this.closed) throw new Error("The activity store is closed; records can no longer be written.");
		const withTime = input.at === undefined && this.clock ? { ...input, at: this.clock() } : input;
		const event = parseActivityEvent(withTime);
		if (event.kind === "undo") {
			const problem = this.state.undoProblem(event.ref);
			if (problem) throw new ActivityRecordError("ref", `Invalid activity record, field "ref": ${problem}.`);
		}
		const record: StoredRecord = { seq: this.nextSeq++, ...event };
		return new Promise<number>((resolve, reject) => {
			this.pending.push({ record, line: encodeRecordLine(record), resolve, reject });
			this.startWriting();
		});
	}

	get(path: string): Readonly<NodeActivity> | undefined {
		return this.state.get(path);
	}

	/** Paths with recorded activity that are not deleted. */
	paths(): string[] {
		return this.state.paths();
	}

	history(filter?: HistoryFilter): HistoryEntry[] {
		return this.state.history(filter);
	}

	/** A transition or prune by sequence number (what an undo refers to). */
	entry(seq: number): Readonly<HistoryEntry> | undefined {
		return this.state.entry(seq);
	}

	get lastSeq(): number {
		return this.state.lastSeq;
	}

	stats(): ActivityStoreStats {
		return {
			lastSeq: this.state.lastSeq,
			nodes: this.state.size,
			generation: this.generation,
			recordsSinceCompaction: this.records,
			bytesSinceCompaction: this.bytes,
		};
	}

	/** Resolves once every record passed to `record` so far has been written or has failed. */
	async flush(): Promise<void> {
		while (this.writing) await this.idle;
	}

	/**
	 * Folds the log into a new snapshot. Appends continue meanwhile (into the next log
	 * generation); a call while a compaction runs joins it.
	 */
	compact(): Promise<void> {
		if (this.closed) return Promise.reject(new Error("The activity store is closed."));
		this.compaction ??= this.runCompaction().finally(() => {
			this.compaction = null;
		});
		return this.compaction;
	}

	/** Waits for pending records and a running compaction; later records are refused. */
	async close(): Promise<void> {
		this.closed = true;
		await this.flush();
		await this.compaction?.catch(() => undefined);
	}

	private startWriting(): void {
		if (this.writing) return;
		this.writing = true;
		this.idle = this.drain();
	}

	private async drain(): Promise<void> {
		try {
			for (;;) {
				this.serveSwitchRequest();
				if (this.pending.length === 0) return;
				await this.appendBatch();
				// Callers whose records just resolved often record again at once; a few microtask
				// turns let them join the next batch instead of alternating with a batch of one.
				for (let turn = 0; turn < CALLER_TURNS; turn++) await Promise.resolve();
			}
		} finally {
			this.writing = false;
		}
	}

	private async appendBatch(): Promise<void> {
		const batch = this.pending;
		this.pending = [];
		const text = (this.needsSeparator ? "\n" : "") + batch.map((p) => p.line).join("");
		const file = logFileName(this.generation);
		try {
			await this.storage.append(file, text);
		} catch (cause) {
			this.needsSeparator = true;
			const error = new Error(`Could not append to the activity log ${file}: ${errorMessage(cause)}`, { cause });
			for (const p of batch) p.reject(error);
			return;
		}
		this.needsSeparator = false;
		for (const p of batch) this.state.apply(p.record);
		this.records += batch.length;
		this.bytes += text.length;
		for (const p of batch) p.resolve(p.record.seq);
		this.maybeCompact();
	}

	/** Runs between appends, so the snapshot holds exactly the records of the logs before the new generation. */
	private serveSwitchRequest(): void {
		const request = this.switchRequest;
		if (!request) return;
		this.switchRequest = null;
		let snapshot: string;
		try {
			snapshot = encodeSnapshot(this.state, this.generation + 1);
		} catch (error) {
			request.reject(error);
			return;
		}
		this.generation++;
		this.needsSeparator = false;
		this.records = 0;
		this.bytes = 0;
		request.resolve({ generation: this.generation, snapshot });
	}

	private async runCompaction(): Promise<void> {
		const switched = await new Promise<Switched>((resolve, reject) => {
			this.switchRequest = { resolve, reject };
			this.startWriting();
		});
		const previous = this.snapshotGeneration;
		await this.storage.writeAtomic(snapshotFileName(switched.generation), switched.snapshot);
		this.snapshotGeneration = switched.generation;
		// The old snapshot goes before its logs: while it exists, every log after it exists too,
		// so falling back to it (if the new one were ever damaged) loses nothing.
		if (previous > 0) await this.removeQuietly(snapshotFileName(previous));
		for (let g = Math.max(1, previous); g < switched.generation; g++) await this.removeQuietly(logFileName(g));
	}

	private maybeCompact(): void {
		if (this.compaction || this.closed) return;
		if (this.records < this.settings.compactAfterRecords && this.bytes < this.settings.compactAfterBytes) return;
		this.compact().catch((error: unknown) => this.warn(snapshotFileName(this.generation), "compaction failed", error));
	}

	private async removeQuietly(file: string): Promise<void> {
		try {
			await this.storage.remove(file);
		} catch (error) {
			this.warn(file, "could not delete an obsolete file", error);
		}
	}

	private warn(file: string, what: string, error: unknown): void {
		this.warnings.push({ file, line: null, message: `${what}: ${errorMessage(error)}` });
	}
}

async function loadNewestSnapshot(
	storage: StoragePort,
	generations: readonly number[],
	limits: ActivityLimits,
	warnings: ActivityWarning[],
): Promise<{ state: ActivityState; generation: number }> {
	for (const generation of generations) {
		const file = snapshotFileName(generation);
		const decoded = decodeSnapshot((await storage.read(file)) ?? "");
		if (!("problem" in decoded)) return { state: ActivityState.restore(decoded.nodes, decoded.lastSeq, limits), generation };
		warnings.push({ file, line: null, message: `unreadable snapshot skipped: ${decoded.problem}` });
	}
	if (generations.length > 0) {
		throw new Error(
			`The activity snapshot ${snapshotFileName(generations[0])} is damaged (${warnings[0]?.message}). ` +
				"Restore it from a backup, or move it out of the plugin's activity folder to start over from the remaining logs.",
		);
	}
	return { state: new ActivityState(limits), generation: 0 };
}

/** Applies the logs' records to `state` in order; `damaged` when any line had to be skipped. */
async function replayLogs(
	storage: StoragePort,
	generations: readonly number[],
	state: ActivityState,
	warnings: ActivityWarning[],
): Promise<{ records: number; bytes: number; damaged: boolean }> {
	const replayed = { records: 0, bytes: 0, damaged: false };
	for (const generation of generations) {
		const file = logFileName(generation);
		const text = (await storage.read(file)) ?? "";
		const problems = decodeLog(text, (record) => {
			if (record.seq <= state.lastSeq) {
				warnings.push({ file, line: null, message: `record ${record.seq} is already in the snapshot; skipped` });
				return;
			}
			state.apply(record);
			replayed.records++;
		});
		for (const problem of problems) warnings.push({ file, line: problem.line, message: problem.message });
		replayed.damaged ||= problems.length > 0;
		replayed.bytes += text.length;
	}
	return replayed;
}

