import { clearTimeout, setImmediate, setTimeout } from "node:timers";
import type { Timers } from "../core/model/timers";

/** Node's timers for the engine's Timers port (headless mode, benches, tests). */
export const NODE_TIMERS: Timers = {
	setTimeout: (callback, ms) => setTimeout(callback, ms),
	clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
	afterPending: (callback) => void setImmediate(callback),
};
