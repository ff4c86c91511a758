import { afterEach, describe, expect, it, vi } from "vitest";
import { yieldToEventLoop } from "../../src/core/model/timers";
import { WINDOW_TIMERS } from "../../src/obsidian/window-timers";

describe("WINDOW_TIMERS.afterPending (the plugin's yield between slices)", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("resumes without any timer firing: Chromium clamps a nested setTimeout(0) to 4 ms", async () => {
		vi.useFakeTimers();
		for (let i = 0; i < 200; i++) await yieldToEventLoop(WINDOW_TIMERS);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("runs callbacks once each, in the order they were posted, also those posted from a callback", async () => {
		const order: string[] = [];
		await new Promise<void>((done) => {
			const afterPending = (callback: () => void): void => WINDOW_TIMERS.afterPending?.(callback);
			afterPending(() => {
				order.push("a");
				afterPending(() => {
					order.push("c");
					done();
				});
			});
			afterPending(() => order.push("b"));
		});
		expect(order).toEqual(["a", "b", "c"]);
	});
});
