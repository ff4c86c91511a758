/* global gc -- defined by node --expose-gc */
import { readFileSync, writeFileSync } from "node:fs";
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
			return Math.max(peak, process.memoryUsage().rss, kernelPeakRss());
		},
	};
}

/** A full garbage collection before measuring; needs `--expose-gc` (bench/run.mjs and fresh-process.ts pass it). */
export function collectGarbage(): void {
	if (typeof gc === "function") void gc();
}

/**
 * The process's peak RSS as the kernel counts it, bytes: the memory's high-water mark (`VmHWM`,
 * which `resetPeakRss` starts over) where Linux shows it, else `maxRSS`, which also keeps the
 * peak a thread had when it exited, so a reset does not clear it.
 */
function kernelPeakRss(): number {
	try {
		const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
		if (kib !== undefined) return Number(kib) * 1024;
	} catch {
		// Not Linux: maxRSS below.
	}
	return process.resourceUsage().maxRSS * 1024; // reported in KiB
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
