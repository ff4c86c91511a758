import { setImmediate } from "node:timers";
import type { Timers } from "../../src/core/model/timers";

/** A clock and timers driven by hand: `advance(ms)` moves the clock and runs what falls due, in order. */
export class ManualTimers implements Timers {
	now = 0;
	private tasks: { at: number; run: () => void }[] = [];

	readonly clock = (): number => this.now;

	setTimeout(run: () => void, ms: number): unknown {
		const task = { at: this.now + ms, run };
		this.tasks.push(task);
		return task;
	}

	clearTimeout(handle: unknown): void {
		this.tasks = this.tasks.filter((task) => task !== handle);
	}

	/** Timers waiting to run. */
	get pending(): number {
		return this.tasks.length;
	}

	/** Moves the clock by `ms`, running each timer that falls due (and the promise callbacks it starts). */
	async advance(ms: number): Promise<void> {
		const end = this.now + ms;
		for (;;) {
			const next = this.tasks.filter((task) => task.at <= end).sort((a, b) => a.at - b.at)[0];
			if (next === undefined) break;
			this.tasks = this.tasks.filter((task) => task !== next);
			this.now = next.at;
			next.run();
			await settle();
		}
		this.now = end;
		await settle();
	}
}

/** Lets pending promise callbacks and I/O callbacks run. */
export function settle(): Promise<void> {
	return new Promise((resolve) => setImmediate(resolve));
}
