import type { Timers } from "../../src/core/model/timers";
import { NODE_TIMERS } from "../../src/node/node-timers";

/** Node's timers, counting how often work handed the thread back (each `setTimeout`). */
export function countingTimers(): Timers & { calls: number } {
	const timers = {
		calls: 0,
		setTimeout: (callback: () => void, ms: number) => {
			timers.calls++;
			return NODE_TIMERS.setTimeout(callback, ms);
		},
		clearTimeout: (handle: unknown) => NODE_TIMERS.clearTimeout(handle),
	};
	return timers;
}
