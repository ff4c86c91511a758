import type { Timers } from "../../core/model/timers";

export const DEFAULT_PASS_INTERVAL_MS = 10 * 60 * 1000;

export interface PassSchedulerOptions<T> {
	/** Runs one pass; the scheduler never calls it again before the previous call settles. */
	run: () => Promise<T>;
	timers: Timers;
	/** Time from the end of one pass to the next automatic one, ms (default 10 minutes). */
	intervalMs?: number;
	/** Result of each automatic pass (a requested pass goes to its caller instead). */
	onPass?: (result: T) => void;
	/** Failure of an automatic pass; the schedule carries on. */
	onError: (error: unknown) => void;
}

/**
 * Runs passes on an interval and on demand, never two at once. A request while a pass runs queues
 * exactly one follow-up pass, shared by every request made meanwhile: the running pass read its
 * input before the request, so its result could miss whatever prompted it. The next automatic pass
 * comes `intervalMs` after the end of the latest pass of either kind.
 */
export class PassScheduler<T> {
	private intervalMs: number;
	private current: Promise<T> | null = null;
	private followUp: Promise<T> | null = null;
	private timer: unknown;
	private started = false;
	private stopped = false;

	constructor(private readonly options: PassSchedulerOptions<T>) {
		this.intervalMs = checkedInterval(options.intervalMs ?? DEFAULT_PASS_INTERVAL_MS);
	}

	/**
	 * Changes the interval. An armed automatic pass is re-armed to come `intervalMs` from now; one
	 * that runs arms the next with the new interval when it ends. The same interval changes nothing.
	 */
	reschedule(intervalMs: number): void {
		if (checkedInterval(intervalMs) === this.intervalMs) return;
		this.intervalMs = intervalMs;
		if (this.timer === undefined) return;
		this.disarm();
		this.arm();
	}

	/** True while a pass runs. */
	get busy(): boolean {
		return this.current !== null;
	}

	/** Arms the interval: the first automatic pass comes `intervalMs` from now. */
	start(): void {
		if (this.started || this.stopped) return;
		this.started = true;
		if (!this.current) this.arm();
	}

	/** A pass now, or right after the running one; resolves with that pass's result. */
	request(): Promise<T> {
		if (this.stopped) return Promise.reject(new Error("Maintenance is stopped; no more passes run"));
		const running = this.current;
		if (!running) return this.launch();
		this.followUp ??= running.then(noop, noop).then(() => {
			this.followUp = null;
			if (this.stopped) throw new Error("Maintenance stopped before the requested pass could run");
			return this.launch();
		});
		return this.followUp;
	}

	/** No more passes; a queued follow-up is rejected. Resolves once the running pass has settled. */
	async stop(): Promise<void> {
		this.stopped = true;
		this.disarm();
		await Promise.allSettled([this.current, this.followUp]);
	}

	private launch(): Promise<T> {
		this.disarm();
		const pass = Promise.resolve().then(() => this.options.run());
		this.current = pass;
		const settled = (): void => {
			if (this.current !== pass) return;
			this.current = null;
			this.arm();
		};
		pass.then(settled, settled);
		return pass;
	}

	private arm(): void {
		if (!this.started || this.stopped) return;
		this.timer = this.options.timers.setTimeout(() => {
			this.timer = undefined;
			this.launch().then(
				(result) => this.options.onPass?.(result),
				(error: unknown) => this.options.onError(error),
			);
		}, this.intervalMs);
	}

	private disarm(): void {
		if (this.timer !== undefined) this.options.timers.clearTimeout(this.timer);
		this.timer = undefined;
	}
}

function checkedInterval(intervalMs: number): number {
	if (!(intervalMs > 0))
		throw new Error(`PassScheduler: intervalMs must be a positive number of ms, got ${intervalMs}`);
	return intervalMs;
}

function noop(): void {}
