import { errorMessage } from "../../core/model/error-message";
import type { Timers } from "../../core/model/timers";

export interface CacheSaveTiming {
	/** A background save waits until the cache's source has not changed for this long, ms. */
	quietMs: number;
	/** …or until its first unsaved change is this old, quiet or not, ms. */
	maxDelayMs: number;
	/** Two background saves are at least this far apart, ms: at 100k notes one costs seconds. */
	minIntervalMs: number;
}

const DEFAULT_CACHE_SAVE_TIMING: CacheSaveTiming = {
	quietMs: 30_000,
	maxDelayMs: 10 * 60_000,
	minIntervalMs: 5 * 60_000,
};

export interface CacheSaverDeps {
	/** Bumped on every change of what is cached (compare two readings). */
	version: () => number;
	/** Writes the cache as it is now. */
	save: () => Promise<void>;
	timers: Timers;
	clock: () => number;
	timing?: CacheSaveTiming;
	/** A background save failed; the next one is tried after `minIntervalMs`. */
	warn: (message: string) => void;
}

/**
 * Saves a cache in the background once its source settles, and on demand (`flush`: the app is
 * quitting, the engine stops), never two saves at once. It looks at the version every `quietMs`
 * instead of being told of each change: a version unchanged since the last look is quiet.
 */
export class CacheSaver {
	private readonly timing: CacheSaveTiming;
	private savedVersion: number;
	private seenVersion: number;
	private dirtySince: number | null = null;
	private lastSaveAt = -Infinity;
	private timer: unknown = null;
	private armed = false;
	private queue: Promise<void> = Promise.resolve();

	constructor(private readonly deps: CacheSaverDeps) {
		this.timing = deps.timing ?? DEFAULT_CACHE_SAVE_TIMING;
		this.savedVersion = deps.version();
		this.seenVersion = this.savedVersion;
	}

	/** The cache on disk matches the source as it is now (it was just loaded from there). */
	markSaved(): void {
		this.savedVersion = this.deps.version();
		this.seenVersion = this.savedVersion;
		this.dirtySince = null;
	}

	/** Starts looking for settled changes. */
	start(): void {
		if (this.armed) return;
		this.armed = true;
		this.arm();
	}

	/** Stops the background saves and waits for one that is running. */
	async stop(): Promise<void> {
		this.armed = false;
		if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
		this.timer = null;
		await this.queue;
	}

	/** Saves now if anything changed since the last save, after the save that runs (if any). Rejects when the save fails. */
	flush(): Promise<void> {
		const next = this.queue.then(() => this.saveIfChanged());
		this.queue = next.catch(() => undefined);
		return next;
	}

	private arm(): void {
		if (!this.armed || this.timer !== null) return;
		this.timer = this.deps.timers.setTimeout(() => this.tick(), this.timing.quietMs);
	}

	private tick(): void {
		this.timer = null;
		const now = this.deps.clock();
		const version = this.deps.version();
		const changedSinceLastLook = version !== this.seenVersion;
		this.seenVersion = version;
		if (version === this.savedVersion) {
			this.dirtySince = null;
			return this.arm();
		}
		this.dirtySince ??= now;
		const settled = !changedSinceLastLook || now - this.dirtySince >= this.timing.maxDelayMs;
		if (!settled || now - this.lastSaveAt < this.timing.minIntervalMs) return this.arm();
		this.flush()
			.catch((error: unknown) => this.deps.warn(errorMessage(error)))
			.finally(() => this.arm());
	}

	private async saveIfChanged(): Promise<void> {
		const version = this.deps.version();
		if (version === this.savedVersion) return;
		try {
			await this.deps.save();
			this.savedVersion = version;
			this.dirtySince = null;
		} finally {
			this.lastSaveAt = this.deps.clock();
		}
	}
}
