import { describe, expect, it } from "vitest";
import { setTimeout as nodeSetTimeout } from "node:timers";
import { TimeSlicer } from "../../../src/engine/index/time-slicer";
import { countingTimers } from "../../helpers/counting-timers";

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

	it("runs steps queued by concurrent work one at a time, in order, yielding between slices rather than in one long run", async () => {
		let now = 0;
		const slicer = new TimeSlicer(countingTimers(), 8, () => now);
		const order: string[] = [];
		// Ten completions arrive together (as I/O callbacks do); each step takes 3 ms of the fake clock.
		const arrivals = Array.from({ length: 10 }, (_, i) =>
			Promise.resolve().then(() =>
				slicer.inTurn(() => {
					now += 3;
					order.push(`note ${i}`);
					return i;
				}),
			),
		);
		nodeSetTimeout(() => order.push("timer"), 0);
		expect(await Promise.all(arrivals)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		// Three steps fill a slice (9 ms ≥ 8): the due timer runs after the third, not after the tenth.
		expect(order.slice(0, 4)).toEqual(["note 0", "note 1", "note 2", "timer"]);
		expect(order.filter((entry) => entry.startsWith("note"))).toEqual(
			Array.from({ length: 10 }, (_, i) => `note ${i}`),
		);
		expect(slicer.yielded).toBe(3);
	});

	it("goes on with the next step when one throws", async () => {
		const slicer = new TimeSlicer(countingTimers(), 8, () => 0);
		const failed = slicer.inTurn(() => {
			throw new Error("unreadable");
		});
		await expect(failed).rejects.toThrow("unreadable");
		await expect(slicer.inTurn(() => "next")).resolves.toBe("next");
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
