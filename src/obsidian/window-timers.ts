import type { Timers } from "../core/model/timers";

export const WINDOW_TIMERS: Timers = {
	setTimeout: (callback, ms) => window.setTimeout(callback, ms),
	clearTimeout: (handle) => window.clearTimeout(handle as number),
};
