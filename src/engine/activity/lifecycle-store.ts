import type { CoreProposal } from "../../core/lifecycle/decide-transition";
import type { LifecycleState } from "../../core/lifecycle/state";
import { LIFECYCLE_STATUSES } from "../../core/model/lifecycle-status";
import type { StoragePort } from "../../core/model/storage-port";
import { stateAt, type PassOutcome } from "../maintenance/pass-outcome";
import { errorMessage } from "../../core/model/error-message";

const FILE = "lifecycle.json";
const FORMAT = 1;
const OWN_MTIMES_KEPT = 4;

type Row = [
	path: string,
	status: number,
	since: number,
	pendingDown: number,
	lastPassAt: number,
	proposedAt: number | null,
];

interface StoredLifecycle {
	format: number;
	rows: Row[];
	proposals: CoreProposal[];
	/** Status write-backs started and not known to have landed: path and what the note said before (null: no key). */
	unwritten?: [path: string, noteSaid: string | null, modified: number][];
	/** Notes whose mtime may be one of our own writes': the time they were last modified before, and those mtimes. */
	ownWrites?: [path: string, modified: number, ...mtimes: number[]][];
}

/**
 * Every node's lifecycle state between passes (status, hysteresis counter, timestamps) and the
 * open core proposals. The last pass's columns are kept as they are; changes made since (renames,
 * hand edits, undo) sit on top as overrides, so nothing is copied per node. A cache: if the file is
 * lost, states start again from the notes' `memory_status`; the history lives in the activity log.
 */
export class LifecycleStore {
	private base: PassOutcome | null = null;
	private readonly overrides = new Map<string, LifecycleState | null>();
	private readonly proposalsByPath = new Map<string, CoreProposal>();
	private readonly unwritten = new Map<string, { noteSaid: string | undefined; modified: number }>();
	private readonly ownWrites = new Map<string, { mtimes: number[]; modified: number }>();

	private constructor(private readonly storage: StoragePort) {}

	/** Loads the saved states; an unreadable file is reported through `warn` and ignored. */
	static async open(storage: StoragePort, warn: (message: string) => void): Promise<LifecycleStore> {
		const store = new LifecycleStore(storage);
		const text = await storage.read(FILE);
		if (text === null) return store;
		try {
			const saved = JSON.parse(text) as StoredLifecycle;
			if (saved.format !== FORMAT || !Array.isArray(saved.rows))
				throw new Error(`unknown format ${String(saved.format)}`);
			for (const [path, status, since, pendingDown, lastPassAt, proposedAt] of saved.rows) {
				const name = LIFECYCLE_STATUSES[status];
				if (name === undefined) continue;
				store.overrides.set(path, { status: name, since, pendingDown, lastPassAt, proposedAt });
			}
			for (const proposal of saved.proposals ?? []) store.proposalsByPath.set(proposal.path, proposal);
			for (const [path, noteSaid, modified] of saved.unwritten ?? [])
				store.unwritten.set(path, { noteSaid: noteSaid ?? undefined, modified });
			for (const [path, modified, ...mtimes] of saved.ownWrites ?? []) store.ownWrites.set(path, { mtimes, modified });
		} catch (error) {
			warn(
				`${FILE} could not be read (${errorMessage(error)}); lifecycle states start again from the notes' memory_status`,
			);
		}
		return store;
	}

	stateOf(path: string): LifecycleState | undefined {
		const override = this.overrides.get(path);
		if (override !== undefined) return override ?? undefined;
		const index = this.base?.indexByPath.get(path);
		return index === undefined || this.base === null ? undefined : stateAt(this.base, index);
	}

	/** Retention in [0, 1] from the last pass; undefined for a note the pass did not see. */
	retentionOf(path: string): number | undefined {
		const index = this.base?.indexByPath.get(path);
		return index === undefined || this.base === null ? undefined : this.base.retention[index];
	}

	/** When the last adopted pass ran (ms), or null before the first. */
	lastPassAt(): number | null {
		return this.base?.at ?? null;
	}

	set(path: string, state: LifecycleState): void {
		this.overrides.set(path, state);
	}

	/**
	 * Marks a `memory_status` write-back as started on a note that says `noteSaid` and was last
	 * modified at `modified`; saved with the states, so after a crash the next start can tell an
	 * unfinished write (the note still says `noteSaid`) from a hand edit, and a landed one's mtime
	 * from an edit.
	 */
	markUnwritten(path: string, noteSaid: string | undefined, modified: number): void {
		this.unwritten.set(path, { noteSaid, modified });
	}

	markWritten(path: string): void {
		this.unwritten.delete(path);
	}

	/** What the note said (and when it was modified) when an unfinished write-back to it started; null when none is open. */
	unwrittenWrite(path: string): { noteSaid: string | undefined; modified: number } | null {
		return this.unwritten.get(path) ?? null;
	}

	/**
	 * Our write gave the note `mtime`; until someone else changes it, it was last modified at
	 * `modified`. The last few of our mtimes are kept, as the index may not have read the latest yet.
	 */
	recordOwnWrite(path: string, mtime: number, modified: number): void {
		const own = this.ownWrites.get(path);
		const mtimes = own?.modified === modified ? [...own.mtimes.slice(-(OWN_MTIMES_KEPT - 1)), mtime] : [mtime];
		this.ownWrites.set(path, { mtimes, modified });
	}

	/** When the note was last modified by someone other than us, given its file mtime now. */
	modifiedOf(path: string, mtime: number): number {
		const own = this.ownWrites.get(path);
		return own?.mtimes.includes(mtime) ? own.modified : mtime;
	}

	rename(from: string, to: string): void {
		const own = this.ownWrites.get(from);
		this.ownWrites.delete(from);
		if (own) this.ownWrites.set(to, own);
		const mark = this.unwritten.get(from);
		if (mark) this.unwritten.set(to, mark);
		this.unwritten.delete(from);
		const state = this.stateOf(from);
		this.overrides.set(from, null);
		if (state) this.overrides.set(to, state);
		const proposal = this.proposalsByPath.get(from);
		this.proposalsByPath.delete(from);
		if (proposal) this.proposalsByPath.set(to, { ...proposal, path: to });
	}

	remove(path: string): void {
		this.overrides.set(path, null);
		this.unwritten.delete(path);
		this.ownWrites.delete(path);
		this.proposalsByPath.delete(path);
	}

	/**
	 * Takes a finished pass as the new base. Overrides made while it ran (after `mark()`) stay on
	 * top, also for a note that had an older override: they are newer than what the pass saw.
	 */
	adoptPass(outcome: PassOutcome, overridesBefore: ReadonlyMap<string, LifecycleState | null>): void {
		this.base = outcome;
		for (const [path, state] of overridesBefore) if (this.overrides.get(path) === state) this.overrides.delete(path);
		for (const proposal of outcome.proposals) this.proposalsByPath.set(proposal.path, proposal);
	}

	/** The overrides so far; pass it to `adoptPass` to drop exactly those (and not newer ones) once the pass lands. */
	mark(): Map<string, LifecycleState | null> {
		return new Map(this.overrides);
	}

	proposals(): CoreProposal[] {
		return [...this.proposalsByPath.values()];
	}

	resolveProposal(path: string): CoreProposal | undefined {
		const proposal = this.proposalsByPath.get(path);
		this.proposalsByPath.delete(path);
		return proposal;
	}

	async save(): Promise<void> {
		const rows: Row[] = [];
		const seen = new Set<string>();
		const push = (path: string, state: LifecycleState | undefined): void => {
			seen.add(path);
			if (!state) return;
			rows.push([
				path,
				LIFECYCLE_STATUSES.indexOf(state.status),
				state.since,
				state.pendingDown,
				state.lastPassAt,
				state.proposedAt,
			]);
		};
		for (const [path, state] of this.overrides) push(path, state ?? undefined);
		for (const path of this.base?.paths ?? []) if (!seen.has(path)) push(path, this.stateOf(path));
		const unwritten = [...this.unwritten].map(([path, mark]): [string, string | null, number] => [
			path,
			mark.noteSaid ?? null,
			mark.modified,
		]);
		const ownWrites = [...this.ownWrites].map(([path, own]): [string, number, ...number[]] => [
			path,
			own.modified,
			...own.mtimes,
		]);
		const stored: StoredLifecycle = {
			format: FORMAT,
			rows,
			proposals: this.proposals(),
			...(unwritten.length > 0 ? { unwritten } : {}),
			...(ownWrites.length > 0 ? { ownWrites } : {}),
		};
		await this.storage.writeAtomic(FILE, JSON.stringify(stored));
	}
}
