import type { HistoryEntry } from "../../core/activity/node-activity";
import { LIFECYCLE_STATUSES } from "../../core/model/lifecycle-status";
import type { MemoryNodeAttributes } from "../../core/graph/types";
import type { CoreProposal, Transition } from "../../core/lifecycle/decide-transition";
import { initialLifecycleState, type LifecycleState } from "../../core/lifecycle/state";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import type { MaintenanceSettings } from "../../core/model/maintenance-settings";
import type { ScoringSettings } from "../../core/model/scoring-settings";
import type { VaultFile, VaultPort } from "../../core/model/vault";
import type { NodeActivity } from "../../core/scoring/activity";
import { scoringActivityOf } from "../activity/scoring-activity";
import type { MaintenanceWorker } from "../../core/maintenance/maintenance-worker-port";
import type { ActivityStore } from "../activity/activity-store";
import {
	FrontmatterSync,
	frontmatterStatus,
	type StatusWrite,
	type WritePreview,
	type WriteReport,
} from "./frontmatter-sync";
import { LifecycleStore } from "../activity/lifecycle-store";
import { runMaintenancePass } from "./maintenance-runner";
import { PassScheduler } from "./pass-scheduler";
import type { StoragePort } from "../../core/model/storage-port";
import type { Timers } from "../../core/model/timers";
import type { IndexChange, VaultIndex } from "../index/vault-index";
import { TimeSlicer } from "../index/time-slicer";
import { errorMessage } from "../../core/model/error-message";

export interface MaintenanceDeps {
	vault: VaultPort;
	index: VaultIndex;
	activity: ActivityStore;
	/** The plugin's own folder, for the lifecycle cache. */
	storage: StoragePort;
	worker: MaintenanceWorker;
	timers: Timers;
	clock: () => number;
	/** Read on every use, so changed settings apply at the next pass. */
	settings: () => { maintenance: MaintenanceSettings; scoring: ScoringSettings };
	/** Problems worth showing the user; never fatal. */
	warn: (message: string) => void;
	/** How long a pass over every note on the main thread may run before it yields, ms (default DEFAULT_SLICE_MS). */
	sliceMs?: number;
}

export interface PassReport {
	at: number;
	dryRun: boolean;
	notes: number;
	changes: Transition[];
	proposals: CoreProposal[];
	/** Frontmatter writes made (or, in a dry run, that would be made). */
	writes: WriteReport;
	/** Notes whose status could not be written because their YAML is invalid. */
	skippedInvalidYaml: string[];
	workerMs: number;
	totalMs: number;
}

const HAND_EDIT_STATUSES = new Set<string>(LIFECYCLE_STATUSES);

/**
 * The lifecycle around the scoring pass: passes on a schedule and on demand (never two at once),
 * transitions logged to the activity store, pruning as the settings say (only ever marking notes
 * the user wrote), `memory_status` written back, hand edits of `memory_status` / `memory_pinned`
 * honoured at once, and every transition and prune undoable.
 */
export class MemoryMaintenance {
	private readonly sync: FrontmatterSync;
	private readonly scheduler: PassScheduler<PassReport>;
	private exclusive: Promise<unknown> = Promise.resolve();
	/** Index changes are followed one at a time, in the order the index read them. */
	private reactions: Promise<void> = Promise.resolve();
	private unsubscribe: (() => void) | null = null;
	private readonly pinned = new Map<string, boolean>();
	private readonly passListeners = new Set<(report: PassReport) => void>();
	private lastReport: PassReport | null = null;

	private constructor(
		private readonly deps: MaintenanceDeps,
		private readonly lifecycle: LifecycleStore,
	) {
		this.sync = new FrontmatterSync(
			deps.vault,
			() => deps.index.graph,
			() => deps.settings().maintenance,
			deps.timers,
			(path, file) => this.noteOwnWrite(path, file),
		);
		this.scheduler = new PassScheduler({
			run: () => this.runExclusive(() => this.pass(false)),
			timers: deps.timers,
			intervalMs: deps.settings().maintenance.passIntervalMinutes * 60_000,
			onError: (error) => deps.warn(`maintenance pass failed: ${errorMessage(error)}`),
		});
	}

	/** Loads lifecycle state and reconciles it with what the notes' frontmatter says now. */
	static async open(deps: MaintenanceDeps): Promise<MemoryMaintenance> {
		const lifecycle = await LifecycleStore.open(deps.storage, deps.warn);
		const maintenance = new MemoryMaintenance(deps, lifecycle);
		await maintenance.adoptFrontmatterAtStart();
		return maintenance;
	}

	/** Follows the index (hand edits, renames, deletes, edits and new links) and runs passes on the interval. */
	start(): void {
		this.unsubscribe ??= this.deps.index.onChange((change) => {
			this.reactions = this.reactions
				.then(() => this.onIndexChange(change))
				.catch((error: unknown) =>
					this.deps.warn(`could not record activity for ${change.path}: ${errorMessage(error)}`),
				);
		});
		this.scheduler.start();
	}

	async stop(): Promise<void> {
		this.unsubscribe?.();
		this.unsubscribe = null;
		await this.scheduler.stop();
		await this.settled();
	}

	/**
	 * Takes a changed `maintenance.passIntervalMinutes`: the next automatic pass comes the new
	 * interval from now (the one armed with the old interval is cancelled).
	 */
	followSettings(): void {
		this.scheduler.reschedule(this.deps.settings().maintenance.passIntervalMinutes * 60_000);
	}

	/** Resolves once the index, the reactions to its changes and the status writes they caused are all done. */
	async settled(): Promise<void> {
		for (;;) {
			const reactions = this.reactions;
			await this.deps.index.idle();
			await reactions;
			await this.sync.idle();
			await this.deps.index.idle();
			if (reactions === this.reactions) return;
		}
	}

	/** Runs a pass now (or right after the running one). A dry run changes nothing and reports what a pass would do. */
	runPass(options: { dryRun?: boolean } = {}): Promise<PassReport> {
		if (options.dryRun) return this.runExclusive(() => this.pass(true));
		return this.scheduler.request();
	}

	/** Retention in [0, 1] from the last pass; undefined before the first pass or for a newer note. */
	retentionOf(path: string): number | undefined {
		return this.lifecycle.retentionOf(path);
	}

	/** When the last (non-dry) pass ran, or null before the first. */
	lastPassAt(): number | null {
		return this.lifecycle.lastPassAt();
	}

	/** The report of the last (non-dry) pass since the engine started, or null before it. */
	lastPass(): PassReport | null {
		return this.lastReport;
	}

	/** Calls `listener` after every finished (non-dry) pass; returns a function that stops it. */
	onPassCompleted(listener: (report: PassReport) => void): () => void {
		this.passListeners.add(listener);
		return () => this.passListeners.delete(listener);
	}

	/**
	 * A frontmatter write of ours landed and gave the note `file.mtime`: that time is not a
	 * modification (not a use), so the note keeps the modified time it had (saved with the lifecycle).
	 */
	noteOwnWrite(path: string, file: VaultFile): void {
		const node = this.deps.index.graph.node(path);
		this.lifecycle.recordOwnWrite(path, file.mtime, node ? this.modifiedOf(path, node) : file.mtime);
	}

	/** When the note was last modified by someone else than us (its mtime, unless that is our own write's). */
	modifiedOf(path: string, node: MemoryNodeAttributes): number {
		return this.lifecycle.modifiedOf(path, node.mtime);
	}

	statusOf(path: string): LifecycleStatus {
		return this.lifecycle.stateOf(path)?.status ?? statusFromFrontmatter(this.deps.index.graph.node(path)) ?? "active";
	}

	/** What the first write pass in `scope` would change; shown before the whole-vault scope is confirmed. */
	previewWrites(scope: MaintenanceSettings["writeScope"] = "vault"): WritePreview {
		return this.sync.preview((path) => this.stateOrInitial(path), scope);
	}

	proposals(): CoreProposal[] {
		return this.lifecycle.proposals();
	}

	/** Accepts (promotes to core) or declines a core proposal made for an approval category. */
	async resolveProposal(path: string, accept: boolean): Promise<void> {
		const proposal = this.lifecycle.resolveProposal(path);
		if (!proposal) throw new Error(`There is no open core proposal for "${path}".`);
		if (accept) await this.setStatus(path, "core", "core proposal accepted");
		else await this.lifecycle.save();
	}

	history(path?: string): HistoryEntry[] {
		return this.deps.activity.history(path === undefined ? undefined : { path });
	}

	/**
	 * Undoes a transition or an archive prune by its sequence number (and device, when another device
	 * recorded it). Undoing counts as a use of
	 * the memory (it is recorded as opened), or the next passes would move it straight back down.
	 */
	async undo(seq: number, device?: string): Promise<void> {
		const problem = this.undoProblem(seq, device);
		const entry = this.deps.activity.entry(seq, device);
		if (problem !== null || entry === undefined) throw new Error(problem ?? `No history entry ${seq}.`);
		if (entry.kind === "prune") await this.undoPrune(entry);
		else await this.setStatus(entry.path, entry.from, `undo of #${seq}`, false);
		const at = this.deps.clock();
		await this.deps.activity.record({ kind: "undo", ref: seq, device: entry.device, at });
		if (entry.kind === "transition") await this.deps.activity.record({ kind: "open", path: entry.path, at });
	}

	/** Why `undo(seq, device)` would refuse, or null when it can undo that entry now. */
	undoProblem(seq: number, device?: string): string | null {
		const entry = this.deps.activity.entry(seq, device);
		if (!entry) return `No transition or prune with number ${seq} in the history.`;
		if (entry.undoneAt !== null) return `History entry ${seq} was already undone.`;
		if (entry.kind === "prune")
			return entry.action === "trash" ? `"${entry.path}" was moved to the trash; restore it from there.` : null;
		const current = this.statusOf(entry.path);
		if (current !== entry.to)
			return `"${entry.path}" is ${current} now, not ${entry.to}; only the latest change of a memory can be undone.`;
		return null;
	}

	private async undoPrune(entry: Extract<HistoryEntry, { kind: "prune" }>): Promise<void> {
		if (entry.action === "archive" && entry.destination !== undefined) {
			await this.deps.vault.moveNote(entry.destination, entry.path);
		}
	}

	private runExclusive<T>(work: () => Promise<T>): Promise<T> {
		const run = this.exclusive.then(work, work);
		this.exclusive = run.catch(() => undefined);
		return run;
	}

	private async pass(dryRun: boolean): Promise<PassReport> {
		const started = performance.now();
		// Other devices' recalls and opens (synced in since the last pass) count for retention too.
		await this.deps.activity
			.refresh()
			.catch((error: unknown) => this.deps.warn(`could not read other devices' activity: ${errorMessage(error)}`));
		const { scoring } = this.deps.settings();
		const at = this.deps.clock();
		const graph = this.deps.index.graph;
		const marker = this.lifecycle.mark();
		const outcome = await runMaintenancePass(this.deps.worker, graph, scoring, at, {
			timers: this.deps.timers,
			activityOf: (path, node) => this.activityOf(path, node, scoring),
			stateOf: (path) => this.lifecycle.stateOf(path),
		});
		const changes = outcome.changes.filter((change) => graph.hasNote(change.path));
		const base = {
			at,
			dryRun,
			notes: outcome.paths.length,
			changes,
			proposals: outcome.proposals,
			workerMs: outcome.workerMs,
		};
		if (dryRun) {
			const changed = new Map(changes.map((change) => [change.path, initialLifecycleState(at, change.to)]));
			const planned = this.sync.plan(changed.keys(), (path) => changed.get(path));
			const writes = { written: planned.writes.length, failed: [] };
			return { ...base, writes, skippedInvalidYaml: planned.invalidYaml, totalMs: performance.now() - started };
		}
		this.lifecycle.adoptPass(outcome, marker);
		await Promise.all(
			changes.map((change) =>
				this.deps.activity.record({
					kind: "transition",
					path: change.path,
					from: change.from,
					to: change.to,
					at: change.at,
					reason: change.reason,
				}),
			),
		);
		for (const change of changes) if (change.to === "pruned") await this.prune(change);
		const planned = this.sync.plan(graph.notePaths(), (path) => this.lifecycle.stateOf(path));
		const writes = await this.writeBack(planned.writes);
		for (const failure of writes.failed)
			this.deps.warn(`could not write memory_status to ${failure.path}: ${failure.message}`);
		const report = { ...base, writes, skippedInvalidYaml: planned.invalidYaml, totalMs: performance.now() - started };
		this.lastReport = report;
		for (const listener of this.passListeners) {
			try {
				listener(report);
			} catch (error) {
				this.deps.warn(`after the maintenance pass: ${errorMessage(error)}`);
			}
		}
		return report;
	}

	/** Marks, archives or trashes a newly pruned memory; notes the user wrote are only ever marked. */
	private async prune(change: Transition): Promise<void> {
		const { pruneAction, archiveFolder } = this.deps.settings().maintenance;
		const at = change.at;
		if (!change.prune?.pluginCreated || pruneAction === "mark") {
			await this.deps.activity.record({ kind: "prune", path: change.path, action: "mark", at, reason: change.reason });
			return;
		}
		try {
			const destination = await this.deps.vault.removeNote(
				change.path,
				pruneAction === "archive" ? { kind: "archive", folder: archiveFolder } : { kind: "trash" },
			);
			await this.deps.activity.record(
				pruneAction === "archive" && destination !== null
					? { kind: "prune", path: change.path, action: "archive", destination, at, reason: change.reason }
					: { kind: "prune", path: change.path, action: "trash", at, reason: change.reason },
			);
		} catch (error) {
			this.deps.warn(
				`could not ${pruneAction} pruned memory ${change.path}: ${errorMessage(error)}; it stays marked pruned`,
			);
			await this.deps.activity.record({ kind: "prune", path: change.path, action: "mark", at, reason: change.reason });
		}
	}

	private activityOf(path: string, node: MemoryNodeAttributes, scoring: ScoringSettings): NodeActivity {
		return scoringActivityOf(this.deps.activity, path, node, scoring, this.modifiedOf(path, node));
	}

	private stateOrInitial(path: string): LifecycleState | undefined {
		const node = this.deps.index.graph.node(path);
		if (!node) return undefined;
		return (
			this.lifecycle.stateOf(path) ?? initialLifecycleState(this.deps.clock(), statusFromFrontmatter(node) ?? "active")
		);
	}

	/** Sets a status outside a pass (hand edit, pin, undo, accepted proposal), logs it and writes it back. */
	private async setStatus(path: string, to: LifecycleStatus, reason: string, log = true): Promise<void> {
		const at = this.deps.clock();
		const from = this.statusOf(path);
		const state = this.lifecycle.stateOf(path) ?? initialLifecycleState(at, from);
		this.lifecycle.set(path, { ...state, status: to, since: at, pendingDown: 0, lastPassAt: at });
		const planned = this.sync.plan([path], (p) => this.lifecycle.stateOf(p));
		if (log && from !== to) await this.deps.activity.record({ kind: "transition", path, from, to, at, reason });
		await this.writeBack(planned.writes);
	}

	/**
	 * Saves the lifecycle with each write marked unfinished (and what its note says now), then
	 * writes. A write cut short by a crash is finished by the next pass instead of being taken
	 * for a hand edit at the next start.
	 */
	private async writeBack(writes: StatusWrite[]): Promise<WriteReport> {
		const graph = this.deps.index.graph;
		for (const write of writes) {
			const node = graph.node(write.path);
			if (node) this.lifecycle.markUnwritten(write.path, node.memory.status, this.modifiedOf(write.path, node));
		}
		await this.lifecycle.save();
		const report = await this.sync.write(writes);
		const failed = new Set(report.failed.map((failure) => failure.path));
		for (const write of writes) if (!failed.has(write.path)) this.lifecycle.markWritten(write.path);
		// Saves the mtimes our writes gave, so they do not count as edits after a restart either.
		if (report.written > 0) await this.lifecycle.save();
		return report;
	}

	/** In time slices: one note is quick, but 100k notes held the thread for hundreds of ms. */
	private async adoptFrontmatterAtStart(): Promise<void> {
		const { index, timers, sliceMs } = this.deps;
		const at = this.deps.clock();
		await new TimeSlicer(timers, sliceMs).forEach(index.graph.notePaths(), (path) => this.adoptFrontmatter(path, at));
	}

	private adoptFrontmatter(path: string, at: number): void {
		const node = this.deps.index.graph.node(path);
		if (!node) return;
		this.sync.observe(path, node.memory.status);
		this.pinned.set(path, node.memory.pinned);
		const said = statusFromFrontmatter(node);
		const state = this.lifecycle.stateOf(path);
		const unfinished = this.lifecycle.unwrittenWrite(path);
		// Our write-back never landed (the note says what it said before): the next pass finishes it.
		if (unfinished?.noteSaid === node.memory.status) return;
		if (unfinished) {
			this.lifecycle.markWritten(path);
			// It landed but the process died before saving its mtime: that mtime is ours, not an edit.
			if (node.memory.status === frontmatterStatus(state?.status ?? "active"))
				this.lifecycle.recordOwnWrite(path, node.mtime, unfinished.modified);
		}
		// In the write scope the frontmatter is kept in step, so it is authoritative; elsewhere only an explicit value is.
		const authoritative = said !== undefined || this.sync.inScope(path);
		if (state && authoritative && state.status !== (said ?? "active")) {
			this.lifecycle.set(path, { ...state, status: said ?? "active", since: at, pendingDown: 0 });
		}
	}

	private async onIndexChange(change: IndexChange): Promise<void> {
		const { activity, index, clock } = this.deps;
		if (change.type === "rename") {
			this.lifecycle.rename(change.oldPath, change.path);
			this.sync.rename(change.oldPath, change.path);
			this.pinned.set(change.path, this.pinned.get(change.oldPath) ?? false);
			this.pinned.delete(change.oldPath);
			await activity.record({ kind: "rename", from: change.oldPath, to: change.path, at: clock() });
			return;
		}
		if (change.type === "remove") {
			this.sync.forget(change.path);
			this.pinned.delete(change.path);
			// Excluded by a settings change, not deleted: its history stays for when it is included again.
			if (change.bySettings) return;
			this.lifecycle.remove(change.path);
			await activity.record({ kind: "delete", path: change.path, at: clock() });
			return;
		}
		const node = index.graph.node(change.path);
		if (!node) return;
		const at = clock();
		const records: Promise<number>[] = [];
		if (change.previousMtime !== null && node.mtime > change.previousMtime && !change.ownWrite) {
			records.push(activity.record({ kind: "edit", path: change.path, at }));
		}
		for (const target of change.newTargets) records.push(activity.record({ kind: "link", path: target, at }));
		await Promise.all(records);
		await this.followHandEdits(change.path, node);
	}

	/** `memory_status` or `memory_pinned` changed by hand (or by another tool): the note's word wins at once. */
	private async followHandEdits(path: string, node: MemoryNodeAttributes): Promise<void> {
		const wasPinned = this.pinned.get(path) ?? false;
		this.pinned.set(path, node.memory.pinned);
		const edit = this.sync.handEdit(path, node.memory.status);
		if (edit) {
			const said = node.memory.status;
			if (said !== undefined && !HAND_EDIT_STATUSES.has(said)) {
				this.deps.warn(
					`${path}: memory_status "${said}" is not one of ${LIFECYCLE_STATUSES.join(", ")}; it is ignored`,
				);
			} else {
				await this.setStatus(
					path,
					(said as LifecycleStatus | undefined) ?? "active",
					`memory_status set to ${said ?? "nothing (active)"} in the note`,
				);
			}
		}
		if (node.memory.pinned && !wasPinned) await this.setStatus(path, "core", "pinned");
		else if (!node.memory.pinned && wasPinned && this.statusOf(path) === "core")
			await this.setStatus(path, "active", "unpinned");
	}
}

function statusFromFrontmatter(node: MemoryNodeAttributes | undefined): LifecycleStatus | undefined {
	const said = node?.memory.status;
	return said !== undefined && HAND_EDIT_STATUSES.has(said) ? (said as LifecycleStatus) : undefined;
}
