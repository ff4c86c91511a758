/**
 * The host's timer functions: `window`'s in Obsidian (popout-safe), node:timers headless. Engine
 * code takes them as a port so it never picks a global that one of its hosts lacks.
 */
export interface Timers {
	setTimeout(callback: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
}

/** Lets timers, I/O and rendering run before the caller continues. */
export function yieldToEventLoop(timers: Timers): Promise<void> {
	return new Promise((resolve) => timers.setTimeout(resolve, 0));
}
