import { clearInterval, setInterval } from "node:timers";

export interface StallMonitor {
	/** Stops watching; returns the longest the main thread was kept from running the timer, ms. */
	stop(): number;
}

/**
 * Runs a timer every `tickMs` on the main thread and records how late each tick came: the longest
 * lateness is the longest stretch the thread was busy (a stall the user would feel as jank).
 */
export function startStallMonitor(tickMs = 5): StallMonitor {
	let last = performance.now();
	let longest = 0;
	const timer = setInterval(() => {
		const now = performance.now();
		longest = Math.max(longest, now - last - tickMs);
		last = now;
	}, tickMs);
	return {
		stop: () => {
			clearInterval(timer);
			return Math.max(longest, performance.now() - last - tickMs);
		},
	};
}
