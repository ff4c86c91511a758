import { describe, expect, it } from "vitest";
import { setTimeout as nodeSetTimeout, clearTimeout as nodeClearTimeout } from "node:timers";
import type { Timers } from "../../../src/core/model/timers";
import { TimeSlicer } from "../../../src/engine/index/time-slicer";

/** Node timers that count how often work handed the thread back. */
function countingTimers(): Timers & { calls: number } {
	const timers = {
		calls: 0,
		setTimeout: (callback: () => void, ms: number) => {
			timers.calls++;
			return nodeSetTimeout(callback, ms);
		},
		clearTimeout: (handle: unknown) => nodeClearTimeout(handle as NodeJS.Timeout),
	};
	return timers;
}

describe("TimeSlicer", () => {
	it("yields through the host's timers once a slice has used its time, and only then", async () => {
		let now = 0;
		const timers = countingTimers();
		const slicer = new TimeSlicer(timers, 8, () => now);
		const steps: number[] = [];
		// Each step takes 3 ms of the fake clock: a slice holds steps until 8 ms have passed, so 3 per slice.
		await slicer.forEach([1, 2, 3, 4, 5, 6, 7], (step) => {
			now += 3;
			steps.push(step);
		});
		expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(slicer.yielded).toBe(2);
		expect(timers.calls).toBe(2);
	});

	it("lets a timer that is due run between two slices of a long drain", async () => {
		let now = 0;
		const slicer = new TimeSlicer(countingTimers(), 8, () => now);
		const order: string[] = [];
		nodeSetTimeout(() => order.push("timer"), 0);
		function* work(): Generator<void> {
			for (let step = 0; step < 6; step++) {
				now += 5;
				order.push(`step ${step}`);
				yield;
			}
		}
		await slicer.drain(work());
		// Steps 0 and 1 fill the first slice (10 ms ≥ 8): the timer runs before step 2.
		expect(order.slice(0, 3)).toEqual(["step 0", "step 1", "timer"]);
		expect(order).toHaveLength(7);
	});

	it("does not yield while a slice has time left", async () => {
		const timers = countingTimers();
		const slicer = new TimeSlicer(timers, 8, () => 0);
		await slicer.forEach(
			Array.from({ length: 1000 }, (_, i) => i),
			() => undefined,
		);
		expect(timers.calls).toBe(0);
	});
});
