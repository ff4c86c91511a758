/* global gc -- defined by node --expose-gc */
import { writeFileSync } from "node:fs";
import { clearInterval, setInterval } from "node:timers";

export interface RssSampler {
	/** Stops sampling; returns the highest resident set size seen, in bytes. */
	stop(): number;
}

/**
 * Samples `process.memoryUsage().rss` every `intervalMs` and combines it with the kernel's
 * `maxRSS`, which also catches peaks inside synchronous stretches the timer cannot interrupt.
 * `maxRSS` is the whole process's peak, so measure one thing per process (see fresh-process.ts).
 */
export function startRssSampler(intervalMs = 20): RssSampler {
	let peak = process.memoryUsage().rss;
	const timer = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, intervalMs);
	return {
		stop: () => {
			clearInterval(timer);
			const kernelPeak = process.resourceUsage().maxRSS * 1024; // reported in KiB
			return Math.max(peak, process.memoryUsage().rss, kernelPeak);
		},
	};
}

/** A full garbage collection before measuring; needs `--expose-gc` (bench/run.mjs and fresh-process.ts pass it). */
export function collectGarbage(): void {
	if (typeof gc === "function") void gc();
}

/**
 * Starts the kernel's peak RSS (`maxRSS`) over from the current RSS, so a phase measured after
 * another in the same process (a rebuild after its start) reports its own peak. Linux only
 * (`/proc/self/clear_refs`); false where it could not, and the peak then includes what ran before.
 */
export function resetPeakRss(): boolean {
	try {
		writeFileSync("/proc/self/clear_refs", "5");
		return true;
	} catch {
		return false;
	}
}
