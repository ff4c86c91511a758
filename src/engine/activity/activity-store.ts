import {
	ActivityState,
	type ActivityLimits,
	type HistoryFilter,
	type StabilityFold,
} from "../../core/activity/activity-state";
import { parseActivitySettings, type ActivitySettings } from "../../core/activity/activity-settings";
import { decodeLog, encodeRecordLine } from "../../core/activity/log-codec";
import type { HistoryEntry, NodeActivity } from "../../core/activity/node-activity";
import {
	ActivityRecordError,
	parseActivityEvent,
	type ActivityEvent,
	type StoredRecord,
} from "../../core/activity/records";
import { decodeSnapshot, encodeSnapshot } from "../../core/activity/snapshot-codec";
import { checkDeviceId, LEGACY_DEVICE } from "../../core/activity/device-id";
import {
	classifyStoreFiles,
	logFileName,
	noStoreFiles,
	snapshotFileName,
	type StoreFiles,
} from "../../core/activity/store-files";
import type { StoragePort } from "../../core/model/storage-port";
import { errorMessage } from "../../core/model/error-message";

export interface ActivityStoreOptions extends Partial<ActivitySettings> {
	/** Fills in `at` for records that come without one. */
	clock?: () => number;
	stability?: StabilityFold;
	/**
	 * This device's id: names the files it writes. Other devices' files in the folder are read
	 * and merged, never written. Default: the legacy device (files without a device id).
	 */
	device?: string;
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
	/** This device's state as of the switch, when the in-memory state is exactly that. */
	snapshot: string | null;
}

/** One device's files folded into a state. */
interface DeviceLoad {
	state: ActivityState;
	/** Generation of the snapshot the state started from (0 without one). */
	snapshotGeneration: number;
	/** Generations of the logs replayed. */
	logs: number[];
	records: number;
	bytes: number;
	/** Some line had to be skipped, or two writers shared sequence numbers: a compaction rewrites the device's files. */
	damaged: boolean;
}

/**
 * Durable activity (recalls, opens, edits, links, renames, deletes, lifecycle history) over a
 * StoragePort: an append-only checksummed log plus a snapshot, see docs/activity-store.md.
 * `record` resolves once the record is durable; records arriving while an append is in flight
 * are written together by the next append (group commit). One writer per device and folder;
 * other devices' files in the folder are merged in at open and never written.
 */
export class ActivityStore {
	readonly warnings: ActivityWarning[] = [];
	private nextSeq: number;
	private pending: Pending[] = [];
	private writing = false;
	private idle: Promise<void> = Promise.resolve();
	/** After a failed append the file may end in a partial line; the next append starts on a fresh line. */
	private needsSeparator = false;
	private switchRequest: ((switched: Switched) => void) | null = null;
	/** The state holds other devices' records too, so a snapshot must be folded from this device's files. */
	private merged = false;
	private compaction: Promise<void> | null = null;
	private refreshRequest: { resolve: () => void; reject: (error: unknown) => void } | null = null;
	private refreshing: Promise<void> | null = null;
	private records = 0;
	private bytes = 0;
	private closed = false;

	private constructor(
		private readonly storage: StoragePort,
		private state: ActivityState,
		private readonly settings: ActivitySettings,
		private readonly clock: (() => number) | undefined,
		private readonly device: string,
		private readonly limits: ActivityLimits,
		private generation: number,
		/** The oldest generation whose log may still exist: the current snapshot's generation. */
		private snapshotGeneration: number,
	) {
		this.nextSeq = state.lastSeq + 1;
	}

	/**
	 * Loads this device's newest readable snapshot and replays its logs after it, then merges
	 * every other device's files the same way (read only). Torn or corrupt lines are skipped and
	 * reported in `warnings`, records of two writers sharing sequence numbers are all kept, and
	 * this device's files are then rewritten by an immediate compaction; leftovers of an
	 * interrupted compaction are deleted. Throws only when this device has a snapshot and none
	 * is readable, because starting empty would silently lose history.
	 */
	static async open(storage: StoragePort, options: ActivityStoreOptions = {}): Promise<ActivityStore> {
		const { clock, stability, device: deviceOption, ...rest } = options;
		const device = checkDeviceId(deviceOption ?? LEGACY_DEVICE);
		const settings = parseActivitySettings(rest);
		const limits = {
			maxRecentRecalls: settings.maxRecentRecalls,
			maxHistoryPerNode: settings.maxHistoryPerNode,
			stability,
		};
		const devices = classifyStoreFiles(await storage.list());
		const files = devices.get(device) ?? noStoreFiles();
		const warnings: ActivityWarning[] = [];
		const own = await loadMerged(storage, device, devices, limits, warnings);
		const merged = [...devices.keys()].some((other) => other !== device);

		// Above every existing name, damaged snapshots included, so no file is ever overwritten.
		const generation = Math.max(1, ...files.snapshots, ...own.logs);
		const store = new ActivityStore(
			storage,
			own.state,
			settings,
			clock,
			device,
			limits,
			generation,
			own.snapshotGeneration,
		);
		store.warnings.push(...warnings);
		store.merged = merged;
		store.records = own.records;
		store.bytes = own.bytes;
		store.needsSeparator = own.damaged;

		const stale = [
			...files.leftovers,
			...files.snapshots.filter((g) => g < own.snapshotGeneration).map((g) => snapshotFileName(g, device)),
			...files.logs.filter((g) => g < own.snapshotGeneration).map((g) => logFileName(g, device)),
		];
		for (const file of stale) await store.removeQuietly(file);
		if (own.damaged) {
			await store
				.compact()
				.catch((error: unknown) =>
					store.warn(logFileName(generation, device), "compaction after repair failed", error),
				);
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
			if (event.device === this.device) delete event.device;
			const problem = this.state.undoProblem(event.ref, event.device);
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

	/** A transition or prune by sequence number and device (default: this one); what an undo refers to. */
	entry(seq: number, device?: string): Readonly<HistoryEntry> | undefined {
		return this.state.entry(seq, device);
	}

	/** The id of the device this store writes for ("" for the legacy device). */
	get deviceId(): string {
		return this.device;
	}

	/** This device's last sequence number. */
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

	/**
	 * Reads every device's files again, so that records other devices wrote since (brought in by
	 * a sync tool) count. Does nothing while this device's files are the only ones. Records of
	 * this device recorded meanwhile wait for the reload; on failure the state stays as it was.
	 */
	refresh(): Promise<void> {
		if (this.closed) return Promise.reject(new Error("The activity store is closed."));
		this.refreshing ??= new Promise<void>((resolve, reject) => {
			this.refreshRequest = { resolve, reject };
			this.startWriting();
		}).finally(() => {
			this.refreshing = null;
		});
		return this.refreshing;
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
				if (this.refreshRequest) await this.serveRefreshRequest();
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
		const file = logFileName(this.generation, this.device);
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

	/** Runs between appends, so the logs before the new generation are complete once it resolves. */
	private serveSwitchRequest(): void {
		const request = this.switchRequest;
		if (!request) return;
		this.switchRequest = null;
		// Serialised here, between appends, it holds exactly the records of the logs before the new generation.
		let snapshot: string | null = null;
		try {
			if (!this.merged) snapshot = encodeSnapshot(this.state, this.generation + 1);
		} catch {
			// Folded from the files instead; if that cannot be encoded either, the compaction fails with a warning.
		}
		this.generation++;
		this.needsSeparator = false;
		this.records = 0;
		this.bytes = 0;
		request({ generation: this.generation, snapshot });
	}

	/** Runs between appends: this device's logs on disk then hold exactly the records in memory. */
	private async serveRefreshRequest(): Promise<void> {
		const request = this.refreshRequest;
		if (!request) return;
		this.refreshRequest = null;
		try {
			// A compaction deletes files; its switch was served before this, so it cannot wait on us.
			await this.compaction?.catch(() => undefined);
			const devices = classifyStoreFiles(await this.storage.list());
			// Problems in the files were reported at open; a reload does not repeat them.
			if ([...devices.keys()].some((device) => device !== this.device)) {
				this.state = (await loadMerged(this.storage, this.device, devices, this.limits, [])).state;
				this.merged = true;
			}
			request.resolve();
		} catch (error) {
			request.reject(error);
		}
	}

	/**
	 * Folds this device's files before the new generation — exactly the records it appended,
	 * not the other devices' — into the new snapshot, then deletes what it replaces.
	 */
	private async runCompaction(): Promise<void> {
		const { generation, snapshot } = await new Promise<Switched>((resolve) => {
			this.switchRequest = resolve;
			this.startWriting();
		});
		const files = classifyStoreFiles(await this.storage.list()).get(this.device) ?? noStoreFiles();
		const previous = this.snapshotGeneration;
		let folded = files.logs.filter((g) => g >= previous && g < generation);
		if (snapshot !== null) {
			await this.storage.writeAtomic(snapshotFileName(generation, this.device), snapshot);
		} else {
			const load = await loadDevice(this.storage, this.device, files, this.limits, [], {
				own: true,
				before: generation,
			});
			folded = load.logs;
			await this.storage.writeAtomic(snapshotFileName(generation, this.device), encodeSnapshot(load.state, generation));
		}
		this.snapshotGeneration = generation;
		// The old snapshot goes before its logs: while it exists, every log after it exists too,
		// so falling back to it (if the new one were ever damaged) loses nothing.
		if (previous > 0) await this.removeQuietly(snapshotFileName(previous, this.device));
		for (const g of folded) await this.removeQuietly(logFileName(g, this.device));
	}

	private maybeCompact(): void {
		if (this.compaction || this.closed) return;
		if (this.records < this.settings.compactAfterRecords && this.bytes < this.settings.compactAfterBytes) return;
		this.compact().catch((error: unknown) =>
			this.warn(snapshotFileName(this.generation, this.device), "compaction failed", error),
		);
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

/** This device's files loaded, with every other device's merged in (read only; a device that cannot be read is skipped with a warning). */
async function loadMerged(
	storage: StoragePort,
	device: string,
	devices: Map<string, StoreFiles>,
	limits: ActivityLimits,
	warnings: ActivityWarning[],
): Promise<DeviceLoad> {
	const own = await loadDevice(storage, device, devices.get(device) ?? noStoreFiles(), limits, warnings, { own: true });
	const others: ActivityState[] = [];
	for (const [other, otherFiles] of devices) {
		if (other === device) continue;
		try {
			others.push((await loadDevice(storage, other, otherFiles, limits, warnings, { own: false })).state);
		} catch (error) {
			warnings.push({
				file: logFileName(0, other),
				line: null,
				message: `activity of another device skipped: ${errorMessage(error)}`,
			});
		}
	}
	own.state.absorb(others);
	return own;
}

/**
 * One device's newest readable snapshot plus its logs from that generation on (before
 * `before`, when given). Records of two writers that share a sequence number are all kept;
 * their history entries get new numbers above every number in the logs.
 */
async function loadDevice(
	storage: StoragePort,
	device: string,
	files: StoreFiles,
	limits: ActivityLimits,
	warnings: ActivityWarning[],
	options: { own: boolean; before?: number },
): Promise<DeviceLoad> {
	const snapshot = await loadNewestSnapshot(storage, device, files.snapshots, limits, warnings, options.own);
	const { state } = snapshot;
	const folded = state.lastSeq;
	const logs = files.logs.filter(
		(g) => g >= snapshot.generation && (options.before === undefined || g < options.before),
	);
	const load: DeviceLoad = {
		state,
		snapshotGeneration: snapshot.generation,
		logs,
		records: 0,
		bytes: 0,
		damaged: false,
	};
	const seen = new Set<number>();
	const clashing: HistoryEntry[] = [];
	let clashes = 0;
	for (const generation of logs) {
		const file = logFileName(generation, device);
		const text = (await storage.read(file)) ?? "";
		const problems = decodeLog(text, (record) => {
			if (record.seq <= folded) {
				warnings.push({ file, line: null, message: `record ${record.seq} is already in the snapshot; skipped` });
				return;
			}
			const clash = seen.has(record.seq);
			seen.add(record.seq);
			const entry = state.apply(record);
			if (clash) {
				clashes++;
				if (entry) clashing.push(entry);
			}
			load.records++;
		});
		for (const problem of problems) warnings.push({ file, line: problem.line, message: problem.message });
		load.damaged ||= problems.length > 0;
		load.bytes += text.length;
	}
	if (clashes > 0) {
		let next = state.lastSeq;
		for (const entry of clashing) state.renumber(entry, ++next);
		warnings.push({
			file: logFileName(logs[0] ?? 1, device),
			line: null,
			message: `${clashes} records repeat sequence numbers already in the log (two writers appended to it); all are kept`,
		});
		load.damaged = true;
	}
	return load;
}

async function loadNewestSnapshot(
	storage: StoragePort,
	device: string,
	generations: readonly number[],
	limits: ActivityLimits,
	warnings: ActivityWarning[],
	own: boolean,
): Promise<{ state: ActivityState; generation: number }> {
	const problems: string[] = [];
	for (const generation of generations) {
		const file = snapshotFileName(generation, device);
		const decoded = decodeSnapshot((await storage.read(file)) ?? "");
		if (!("problem" in decoded))
			return { state: ActivityState.restore(decoded.nodes, decoded, limits, device), generation };
		const message = `unreadable snapshot skipped: ${decoded.problem}`;
		problems.push(message);
		warnings.push({ file, line: null, message });
	}
	if (generations.length === 0) return { state: new ActivityState(limits, device), generation: 0 };
	if (own) {
		throw new Error(
			`The activity snapshot ${snapshotFileName(generations[0], device)} is damaged (${problems[0]}). ` +
				"Restore it from a backup, or move it out of the plugin's activity folder to start over from the remaining logs.",
		);
	}
	// Another device's files are never ours to repair: show what its logs still hold.
	return { state: new ActivityState(limits, device), generation: generations[0] };
}
