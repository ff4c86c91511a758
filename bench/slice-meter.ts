import { existsSync, readFileSync } from "node:fs";
import type { Timers } from "../src/core/model/timers";

const THREAD_STAT = "/proc/thread-self/stat";
/** Linux reports thread CPU time in clock ticks of 10 ms (USER_HZ = 100 on every mainstream platform). */
const TICK_MS = 10;

/**
 * CPU time of the calling thread, ms: unlike wall time it leaves out the time the OS ran other
 * processes, and unlike `process.cpuUsage` it leaves out the worker and V8's helper threads.
 * Linux only, 10 ms resolution; null elsewhere.
 */
export function threadCpuMs(): number | null {
	if (!existsSync(THREAD_STAT)) return null;
	const stat = readFileSync(THREAD_STAT, "utf8");
	// Fields after the ")" that closes the thread name: utime and stime are the 12th and 13th.
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

export interface SliceMeter {
	/** Timers to hand to the code under test: each setTimeout ends a slice of its work. */
	timers: Timers;
	/** Ends the last slice; the longest slice by main-thread CPU time (null without /proc) and by wall time, ms. */
	stop(): { cpuMs: number | null; wallMs: number; slices: number };
}

/** Measures the synchronous stretches of sliced work, between two yields. */
export function startSliceMeter(inner: Timers): SliceMeter {
	let cpuStart = threadCpuMs();
	let wallStart = performance.now();
	let cpuMs: number | null = cpuStart === null ? null : 0;
	let wallMs = 0;
	let slices = 0;
	const endSlice = (): void => {
		const cpu = threadCpuMs();
		if (cpu !== null && cpuStart !== null && cpuMs !== null) cpuMs = Math.max(cpuMs, cpu - cpuStart);
		wallMs = Math.max(wallMs, performance.now() - wallStart);
		slices++;
	};
	return {
		timers: {
			setTimeout: (callback, ms) => {
				endSlice();
				return inner.setTimeout(() => {
					cpuStart = threadCpuMs();
					wallStart = performance.now();
					callback();
				}, ms);
			},
			clearTimeout: (handle) => inner.clearTimeout(handle),
		},
		stop: () => {
			endSlice();
			return { cpuMs, wallMs, slices };
		},
	};
}

/**
 * Main-thread CPU time of one synchronous call, ms: repeated until the 10 ms ticks add up to a
 * usable total (at most `maxRuns` times). Without /proc, the quickest wall-clock run.
 */
export function cpuPerRunMs(run: () => unknown, maxRuns = 50): number {
	const start = threadCpuMs();
	if (start === null) {
		let best = Number.POSITIVE_INFINITY;
		for (let i = 0; i < 3; i++) {
			const started = performance.now();
			run();
			best = Math.min(best, performance.now() - started);
		}
		return best;
	}
	let runs = 0;
	let spent = 0;
	while (runs < maxRuns && spent < 100) {
		run();
		runs++;
		spent = (threadCpuMs() ?? start) - start;
	}
	return spent / runs;
}
