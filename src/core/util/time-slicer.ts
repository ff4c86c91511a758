/** How long a slice of work may hold the thread before it yields: well under a 60 Hz frame's 16 ms. */
export const DEFAULT_SLICE_MS = 8;

/**
 * A cooperative scheduler for long loops on the main thread (Obsidian's UI thread, or the
 * server's event loop): the loop asks `due()` after each small step and, once `sliceMs` have
 * passed since the last yield, awaits `yield()`, which awaits `yieldNow` (a `setTimeout(0)`
 * through the host's timers), so input, rendering, I/O and other requests run in between.
 * The clock comes in as `now`: nothing in core reads one.
 */
export class SliceScheduler {
	private sliceStart: number;
	private yields = 0;
	private turns: Promise<void> = Promise.resolve();

	constructor(
		private readonly yieldNow: () => Promise<void>,
		private readonly now: () => number,
		private readonly sliceMs = DEFAULT_SLICE_MS,
	) {
		this.sliceStart = now();
	}

	/** How many times the work has yielded so far. */
	get yielded(): number {
		return this.yields;
	}

	/** Whether the current slice has used its time. */
	due(): boolean {
		return this.now() - this.sliceStart >= this.sliceMs;
	}

	/** Lets the event loop run, then starts a new slice. */
	async yield(): Promise<void> {
		await this.yieldNow();
		this.yields++;
		this.sliceStart = this.now();
	}

	/** Runs `step` over every item, yielding between slices. */
	async forEach<T>(items: Iterable<T>, step: (item: T) => void): Promise<void> {
		for (const item of items) {
			step(item);
			if (this.due()) await this.yield();
		}
	}

	/**
	 * Runs `step` once every step queued before it has run and the slice has time left (else
	 * after a yield). Steps of concurrent work (notes indexed as their reads complete) run one at a
	 * time in the order queued: I/O completions that arrive together would otherwise run back to
	 * back in one long task, each on its own `yield()` firing in the same turn of the loop.
	 */
	inTurn<T>(step: () => T): Promise<T> {
		const run = this.turns.then(async () => {
			if (this.due()) await this.yield();
			return step();
		});
		this.turns = run.then(
			() => undefined,
			() => undefined,
		);
		return run;
	}

	/** Runs a generator of small steps (see MemoryGraph.addNotesStepwise) to its end, yielding between slices; returns what it returns. */
	async drain<R>(steps: Iterator<unknown, R>): Promise<R> {
		for (let step = steps.next(); ; step = steps.next()) {
			if (step.done === true) return step.value;
			if (this.due()) await this.yield();
		}
	}
}
