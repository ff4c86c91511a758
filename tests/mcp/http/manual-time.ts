import type { Timers } from "../../../src/core/model/timers";

/** Timers that only fire when the test says so, and a clock the test moves. */
export class ManualTime implements Timers {
	now = 1_000_000;
	private pending = new Map<number, { callback: () => void; ms: number }>();
	private nextHandle = 1;

	setTimeout(callback: () => void, ms: number): unknown {
		const handle = this.nextHandle++;
		this.pending.set(handle, { callback, ms });
		return handle;
	}

	clearTimeout(handle: unknown): void {
		this.pending.delete(handle as number);
	}

	get delays(): number[] {
		return [...this.pending.values()].map((timer) => timer.ms);
	}

	/** Moves the clock, fires every pending timer and lets the sweep it started finish. */
	async advance(ms: number): Promise<void> {
		this.now += ms;
		const due = [...this.pending.values()];
		this.pending.clear();
		for (const timer of due) timer.callback();
		await new Promise((resolve) => setImmediate(resolve));
	}
}
