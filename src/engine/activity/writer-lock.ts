import {
	DEFAULT_LOCK_TIMING,
	isPredecessorInProcess,
	lockConflict,
	lockFileName,
	parseLockHolder,
	type LockHolder,
	type LockTiming,
} from "../../core/activity/writer-lock";
import { errorMessage } from "../../core/model/error-message";
import { RetryLaterError } from "../../core/model/memory-error";
import type { StoragePort } from "../../core/model/storage-port";
import type { Timers } from "../../core/model/timers";

/** Who is asking for the lock, as the host knows it. */
export interface LockIdentity {
	/** Shown to a second process that finds the lock, e.g. "causal-memory serve". */
	program: string;
	pid: number;
	host: string;
	/** A random string, new for each acquisition. */
	token: string;
	/** Whether a process of this host with that pid is running. */
	isAlive: (pid: number) => boolean;
}

export class WriterLockError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "WriterLockError";
	}
}

/** Long enough for a second starter's write to land before the first one checks again. */
const SETTLE_MS = 150;
/** How often a new engine looks whether the previous one of its process has let go. */
const HANDOVER_POLL_MS = 100;
/**
 * The share of `staleMs` after our last heartbeat during which the lock is surely still ours
 * (nobody takes it over before `staleMs`), so a write goes ahead without reading the lock file.
 */
const LEASE_SHARE = 0.5;

export interface WriterLockDeps {
	clock: () => number;
	timers: Timers;
	timing?: LockTiming;
	warn: (message: string) => void;
	/** Ends a wait for the previous engine of this process (this one was stopped meanwhile). */
	cancelled?: () => boolean;
}

/**
 * The state folder's writer lock (see core/activity/writer-lock.ts): taken before the engine
 * opens anything, kept alive by a heartbeat, removed on release. Two processes starting at the
 * same instant both write; each reads back after a pause and only the last writer goes on.
 * A lock held by another engine of this same process (the plugin reloaded while its previous
 * instance still stops) is waited for until released, for at most `staleMs`.
 */
export class WriterLock {
	private timer: unknown = null;
	private released = false;
	/** Who holds the lock since it was taken from this process; null while it is ours. */
	private takenBy: LockHolder | null = null;
	/** The heartbeat time of our last write of the lock file (clock ms). */
	private confirmedAt: number;
	/** A read (and renewal) of the lock file in progress, shared by every write that waits for it. */
	private verifying: Promise<void> | null = null;
	private readonly lostListeners = new Set<(holder: LockHolder) => void>();

	private constructor(
		private readonly storage: StoragePort,
		private readonly identity: LockIdentity,
		private readonly holder: LockHolder,
		private readonly deps: { clock: () => number; timers: Timers; timing: LockTiming; warn: (message: string) => void },
	) {
		this.confirmedAt = holder.heartbeatAt;
	}

	get file(): string {
		return lockFileName(this.identity.host);
	}

	static async acquire(storage: StoragePort, identity: LockIdentity, deps: WriterLockDeps): Promise<WriterLock> {
		const timing = deps.timing ?? DEFAULT_LOCK_TIMING;
		const file = lockFileName(identity.host);
		await waitForPredecessor(storage, file, identity, { ...deps, timing });
		const check = async (): Promise<LockHolder | null> => {
			const holder = parseLockHolder(await storage.read(file));
			if (holder?.token === identity.token) return holder;
			const conflict = lockConflict(holder, { ...identity, now: deps.clock(), staleMs: timing.staleMs });
			if (conflict) throw new WriterLockError(conflict);
			return holder;
		};
		await check();
		const now = deps.clock();
		const holder: LockHolder = {
			token: identity.token,
			program: identity.program,
			pid: identity.pid,
			host: identity.host,
			startedAt: now,
			heartbeatAt: now,
		};
		await storage.writeAtomic(file, JSON.stringify(holder));
		await settle(deps.timers);
		const after = await check();
		if (after?.token !== identity.token) {
			throw new WriterLockError(
				`Another Causal Memory process took this vault's lock (${file}) while this one started; try again.`,
			);
		}
		const lock = new WriterLock(storage, identity, holder, { ...deps, timing });
		lock.schedule();
		return lock;
	}

	/** The process that took the lock from this one, or null while this one holds it. */
	get lostTo(): LockHolder | null {
		return this.takenBy;
	}

	/** Called once, when this process finds that another one has taken its lock. */
	onLost(listener: (holder: LockHolder) => void): () => void {
		this.lostListeners.add(listener);
		return () => this.lostListeners.delete(listener);
	}

	/**
	 * Resolves when this process may write the vault and its state; throws RetryLaterError naming
	 * the holder once another process has the lock. Within the lease after our last heartbeat it
	 * answers at once; later (this process was suspended, say, and the heartbeat is late) it reads
	 * the lock file first, and renews it when it is still ours.
	 */
	async assertHeld(): Promise<void> {
		if (this.takenBy === null && this.leaseValid()) return;
		if (this.takenBy === null && !this.released) {
			await this.verify();
		}
		if (this.takenBy !== null) throw lockTakenError(this.takenBy);
	}

	/** Stops the heartbeat and removes the lock if it is still ours. */
	async release(): Promise<void> {
		if (this.released) return;
		this.released = true;
		this.stopHeartbeat();
		const current = parseLockHolder(await this.storage.read(this.file));
		if (current?.token === this.holder.token) await this.storage.remove(this.file);
	}

	/** A renewal of the heartbeat, shared by every caller while one is in progress. */
	private verify(): Promise<void> {
		this.verifying ??= this.beat().finally(() => (this.verifying = null));
		return this.verifying;
	}

	private leaseValid(): boolean {
		return this.deps.clock() - this.confirmedAt < this.deps.timing.staleMs * LEASE_SHARE;
	}

	private stopHeartbeat(): void {
		if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
		this.timer = null;
	}

	private schedule(): void {
		if (this.released || this.takenBy !== null) return;
		this.timer = this.deps.timers.setTimeout(() => {
			this.verify().then(
				() => this.schedule(),
				(error: unknown) => {
					this.deps.warn(`could not renew the writer lock ${this.file}: ${errorMessage(error)}`);
					this.schedule();
				},
			);
		}, this.deps.timing.heartbeatMs);
	}

	/**
	 * Renews the heartbeat unless another process holds the lock. After a silence longer than the
	 * lease, another process may be taking the lock over at this very moment (it read our old
	 * heartbeat): like a start, the renewal is read back after a pause, and the last writer keeps it.
	 */
	private async beat(): Promise<void> {
		if (this.released || this.takenBy !== null) return;
		const silent = !this.leaseValid();
		if (this.lostIfTaken(parseLockHolder(await this.storage.read(this.file)))) return;
		const heartbeatAt = this.deps.clock();
		await this.storage.writeAtomic(this.file, JSON.stringify({ ...this.holder, heartbeatAt }));
		if (silent) {
			await settle(this.deps.timers);
			if (this.lostIfTaken(parseLockHolder(await this.storage.read(this.file)))) return;
		}
		this.confirmedAt = heartbeatAt;
	}

	/** Whether `current` is another process's lock; if so this process stops holding it, for good. */
	private lostIfTaken(current: LockHolder | null): boolean {
		if (current === null || current.token === this.holder.token) return false;
		// Taken over while this process was silent (suspended, say): do not fight over it.
		this.takenBy = current;
		this.stopHeartbeat();
		this.deps.warn(
			`the writer lock ${this.file} was taken over by ${current.program} (pid ${current.pid}); ` +
				"this process no longer holds it and refuses every write from now on",
		);
		for (const listener of this.lostListeners) listener(current);
		return true;
	}
}

/** The refusal of a write by a process whose lock another one has taken. */
export function lockTakenError(holder: LockHolder): RetryLaterError {
	return new RetryLaterError(
		`This memory server no longer writes the vault: its writer lock was taken over by ${holder.program} ` +
			`(pid ${holder.pid} on ${holder.host}) while this process was silent (suspended or stalled). Nothing was written; ` +
			`retry through the server of pid ${holder.pid}, or restart this one once that one has stopped.`,
	);
}

function settle(timers: Timers): Promise<void> {
	return new Promise<void>((resolve) => timers.setTimeout(() => resolve(), SETTLE_MS));
}

async function waitForPredecessor(
	storage: StoragePort,
	file: string,
	identity: LockIdentity,
	deps: WriterLockDeps & { timing: LockTiming },
): Promise<void> {
	// Counted in polls, not by the clock: a test clock may stand still.
	for (let waited = 0; ; waited += HANDOVER_POLL_MS) {
		const holder = parseLockHolder(await storage.read(file));
		const context = { ...identity, now: deps.clock(), staleMs: deps.timing.staleMs };
		if (holder === null || !isPredecessorInProcess(holder, context)) return;
		if (deps.cancelled?.() === true)
			throw new WriterLockError("Stopped while waiting for the previous engine of this process to stop.");
		if (waited >= deps.timing.staleMs) {
			throw new WriterLockError(
				`The previous Causal Memory engine in this process (${holder.program}, started ${new Date(holder.startedAt).toISOString()}) ` +
					`has not stopped within ${Math.round(deps.timing.staleMs / 1000)} s (${file} is still held); try again once it has.`,
			);
		}
		await new Promise<void>((resolve) => deps.timers.setTimeout(() => resolve(), HANDOVER_POLL_MS));
	}
}
