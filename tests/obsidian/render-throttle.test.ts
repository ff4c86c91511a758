import { describe, expect, it } from "vitest";
import { RenderThrottle } from "../../src/obsidian/view/render-throttle";

/** Timers on a clock the test moves by hand. */
function manualTimers() {
	let now = 0;
	const pending = new Map<number, { at: number; callback: () => void }>();
	let next = 1;
	return {
		now: () => now,
		pending: () => pending.size,
		timers: {
			setTimeout: (callback: () => void, ms: number) => {
				pending.set(next, { at: now + ms, callback });
				return next++;
			},
			clearTimeout: (handle: unknown) => void pending.delete(handle as number),
		},
		advance(ms: number) {
			now += ms;
			for (const [id, timer] of [...pending]) {
				if (timer.at > now) continue;
				pending.delete(id);
				timer.callback();
			}
		},
	};
}

describe("RenderThrottle", () => {
	it("renders at once, then at most once per interval however many requests arrive", () => {
		const clock = manualTimers();
		let renders = 0;
		const throttle = new RenderThrottle(() => renders++, clock.timers, 250, clock.now);
		throttle.request();
		expect(renders).toBe(1);
		// A pass rewriting 1000 notes over 2 s: one request every 2 ms.
		for (let i = 0; i < 1000; i++) {
			clock.advance(2);
			throttle.request();
		}
		clock.advance(250);
		// Every 250 ms from 0 to 2250: the last one shows what the requests after the render at 2000 saw.
		expect(renders).toBe(10);
		expect(clock.pending()).toBe(0);
	});

	it("cancel drops the pending render and leaves no timer", () => {
		const clock = manualTimers();
		let renders = 0;
		const throttle = new RenderThrottle(() => renders++, clock.timers, 250, clock.now);
		throttle.request();
		throttle.request();
		expect(clock.pending()).toBe(1);
		throttle.cancel();
		expect(clock.pending()).toBe(0);
		clock.advance(1000);
		expect(renders).toBe(1);
	});
});
