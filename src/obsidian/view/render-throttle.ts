import type { Timers } from "../../core/model/timers";

/**
 * Runs `render` at most once per `intervalMs`: the first request renders at once, requests within
 * the interval after it collapse into one render at its end. A maintenance pass that rewrites
 * hundreds of notes re-renders the view a few times a second, not once per note.
 */
export class RenderThrottle {
	private timer: unknown = null;
	private lastRender = Number.NEGATIVE_INFINITY;

	constructor(
		private readonly render: () => void,
		private readonly timers: Timers,
		private readonly intervalMs: number,
		private readonly clock: () => number,
	) {}

	request(): void {
		if (this.timer !== null) return;
		const wait = this.lastRender + this.intervalMs - this.clock();
		if (wait <= 0) {
			this.run();
			return;
		}
		this.timer = this.timers.setTimeout(() => {
			this.timer = null;
			this.run();
		}, wait);
	}

	/** Drops a pending render (the view closed). */
	cancel(): void {
		if (this.timer !== null) this.timers.clearTimeout(this.timer);
		this.timer = null;
	}

	private run(): void {
		this.lastRender = this.clock();
		this.render();
	}
}
