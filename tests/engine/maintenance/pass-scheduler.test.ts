import { describe, expect, it } from "vitest";
import { DEFAULT_PASS_INTERVAL_MS, PassScheduler } from "../../../src/engine/maintenance/pass-scheduler";
import type { Timers } from "../../../src/core/model/timers";

/** Timers on a clock that only moves when the test says so. */
class ManualTimers implements Timers {
	now = 0;
	private nextId = 1;
	private readonly due = new Map<number, { at: number; callback: () => void }>();

	setTimeout(callback: () => void, ms: number): number {
		const id = this.nextId++;
		this.due.set(id, { at: this.now + ms, callback });
		return id;
	}

	clearTimeout(handle: unknown): void {
		this.due.delete(handle as number);
	}

	/** When the armed timers fire. */
	get armed(): number[] {
		return [...this.due.values()].map((timer) => timer.at).sort((a, b) => a - b);
	}

	async advance(ms: number): Promise<void> {
		const target = this.now + ms;
		for (;;) {
			const next = [...this.due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
			if (!next || next[1].at > target) break;
			this.due.delete(next[0]);
			this.now = next[1].at;
			next[1].callback();
			await settle();
		}
		this.now = target;
		await settle();
	}
}

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A pass the test finishes by hand; counts calls and the most that ran at once. */
class ManualPasses {
	calls = 0;
	running = 0;
	maxRunning = 0;
	private finishers: ((result: string) => void)[] = [];
	private failers: ((error: Error) => void)[] = [];

	readonly run = (): Promise<string> => {
		this.calls++;
		this.running++;
		this.maxRunning = Math.max(this.maxRunning, this.running);
		return new Promise<string>((resolve, reject) => {
			this.finishers.push(resolve);
			this.failers.push(reject);
		}).finally(() => this.running--);
	};

	async finish(result = `pass ${this.calls}`): Promise<void> {
		this.failers.shift();
		this.finishers.shift()?.(result);
		await settle();
	}

	async fail(message: string): Promise<void> {
		this.finishers.shift();
		this.failers.shift()?.(new Error(message));
		await settle();
	}
}

function setup(intervalMs = 1000) {
	const timers = new ManualTimers();
	const passes = new ManualPasses();
	const results: string[] = [];
	const errors: string[] = [];
	const scheduler = new PassScheduler<string>({
		run: passes.run,
		timers,
		intervalMs,
		onPass: (result) => results.push(result),
		onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
	});
	return { timers, passes, results, errors, scheduler };
}

describe("PassScheduler", () => {
	it("defaults to a pass every 10 minutes", () => {
		const timers = new ManualTimers();
		new PassScheduler({ run: () => Promise.resolve(0), timers, onError: () => undefined }).start();
		expect(timers.armed).toEqual([DEFAULT_PASS_INTERVAL_MS]);
		expect(DEFAULT_PASS_INTERVAL_MS).toBe(600_000);
	});

	it("runs automatic passes an interval after the end of the previous one", async () => {
		const { timers, passes, results, scheduler } = setup();
		scheduler.start();
		await timers.advance(999);
		expect(passes.calls).toBe(0);
		await timers.advance(1);
		expect(passes.calls).toBe(1);
		expect(scheduler.busy).toBe(true);
		expect(timers.armed).toEqual([]);

		await timers.advance(300);
		await passes.finish("first");
		expect(results).toEqual(["first"]);
		expect(timers.armed).toEqual([2300]);
		await timers.advance(1000);
		expect(passes.calls).toBe(2);
	});

	it("reschedule re-arms the waiting pass with the new interval from now; a running pass arms the next with it", async () => {
		const { timers, passes, scheduler } = setup(60_000);
		scheduler.start();
		await timers.advance(10_000);
		scheduler.reschedule(1000);
		expect(timers.armed).toEqual([11_000]);
		await timers.advance(1000);
		expect(passes.calls).toBe(1);
		scheduler.reschedule(5000);
		expect(timers.armed).toEqual([]);
		await passes.finish();
		expect(timers.armed).toEqual([16_000]);
		scheduler.reschedule(5000);
		expect(timers.armed).toEqual([16_000]);
		expect(() => scheduler.reschedule(0)).toThrow("intervalMs must be a positive number");
	});

	it("runs a requested pass at once and restarts the interval from its end", async () => {
		const { timers, passes, scheduler } = setup();
		scheduler.start();
		await timers.advance(600);
		const requested = scheduler.request();
		await settle();
		expect(passes.calls).toBe(1);
		expect(timers.armed).toEqual([]);
		await timers.advance(50);
		await passes.finish("on demand");
		await expect(requested).resolves.toBe("on demand");
		expect(timers.armed).toEqual([1650]);
	});

	it("never overlaps: requests during a pass share exactly one follow-up pass", async () => {
		const { timers, passes, scheduler } = setup();
		scheduler.start();
		const first = scheduler.request();
		await settle();
		const during = [scheduler.request(), scheduler.request(), scheduler.request()];
		await timers.advance(5000);
		expect(passes.calls).toBe(1);

		await passes.finish("first");
		await expect(first).resolves.toBe("first");
		expect(passes.calls).toBe(2);
		await passes.finish("follow-up");
		await expect(Promise.all(during)).resolves.toEqual(["follow-up", "follow-up", "follow-up"]);
		expect(passes.maxRunning).toBe(1);
		expect(passes.calls).toBe(2);
	});

	it("reports a failed automatic pass and keeps the schedule; a failed requested pass rejects the request", async () => {
		const { timers, passes, errors, scheduler } = setup();
		scheduler.start();
		await timers.advance(1000);
		await passes.fail("disk full");
		expect(errors).toEqual(["disk full"]);
		expect(timers.armed).toEqual([2000]);

		const requested = scheduler.request();
		await settle();
		await passes.fail("worker died");
		await expect(requested).rejects.toThrow("worker died");
		expect(errors).toEqual(["disk full"]);
	});

	it("turns a pass that throws at once into a rejection", async () => {
		const timers = new ManualTimers();
		const scheduler = new PassScheduler<number>({
			run: () => {
				throw new Error("no graph yet");
			},
			timers,
			onError: () => undefined,
		});
		await expect(scheduler.request()).rejects.toThrow("no graph yet");
		expect(scheduler.busy).toBe(false);
	});

	it("works on demand without being started", async () => {
		const { timers, passes, scheduler } = setup();
		const requested = scheduler.request();
		await settle();
		await passes.finish("alone");
		await expect(requested).resolves.toBe("alone");
		expect(timers.armed).toEqual([]);
	});

	it("stops cleanly: no more timers, the queued follow-up is rejected, the running pass is awaited", async () => {
		const { timers, passes, scheduler } = setup();
		scheduler.start();
		const running = scheduler.request();
		await settle();
		const queued = scheduler.request();
		const queuedOutcome = queued.catch((error: unknown) => (error as Error).message);

		let stopped = false;
		const stopping = scheduler.stop().then(() => (stopped = true));
		await settle();
		expect(stopped).toBe(false);
		await passes.finish("last");
		await stopping;

		await expect(running).resolves.toBe("last");
		expect(await queuedOutcome).toBe("Maintenance stopped before the requested pass could run");
		expect(passes.calls).toBe(1);
		expect(timers.armed).toEqual([]);
		await expect(scheduler.request()).rejects.toThrow("Maintenance is stopped; no more passes run");
		scheduler.start();
		expect(timers.armed).toEqual([]);
	});

	it("rejects an interval that is not a positive number of ms", () => {
		const timers = new ManualTimers();
		expect(
			() => new PassScheduler({ run: () => Promise.resolve(0), timers, intervalMs: 0, onError: () => undefined }),
		).toThrow("PassScheduler: intervalMs must be a positive number of ms, got 0");
	});
});
