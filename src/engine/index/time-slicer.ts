import { yieldToEventLoop, type Timers } from "../../core/model/timers";
import { DEFAULT_SLICE_MS, SliceScheduler } from "../../core/util/time-slicer";

/** A SliceScheduler that yields through the host's timers and reads the performance clock (docs/startup.md). */
export class TimeSlicer extends SliceScheduler {
	constructor(timers: Timers, sliceMs = DEFAULT_SLICE_MS, now: () => number = () => performance.now()) {
		super(() => yieldToEventLoop(timers), now, sliceMs);
	}
}
