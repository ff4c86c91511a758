/**
 * The host's timer functions: `window`'s in Obsidian (popout-safe), node:timers headless. Engine
 * code takes them as a port so it never picks a global that one of its hosts lacks.
 */
export interface Timers {
	setTimeout(callback: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
	/**
	 * Runs `callback` once the timers and I/O that are due have run, without a timer's minimum
	 * delay (`setImmediate` headless). Without it a yield is a `setTimeout(0)`, which Node makes
	 * 1 ms: an idle eighth of every 8 ms slice of a long start.
	 */
	afterPending?(callback: () => void): void;
}

/** Lets timers, I/O and rendering run before the caller continues. */
export function yieldToEventLoop(timers: Timers): Promise<void> {
	return new Promise((resolve) => {
		if (timers.afterPending) timers.afterPending(resolve);
		else timers.setTimeout(resolve, 0);
	});
}
