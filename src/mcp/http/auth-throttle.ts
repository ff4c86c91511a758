export interface AuthThrottlePolicy {
	/** Failures of one address answered at once before its delay starts. */
	freeFailures: number;
	/** Delay of the first delayed reply; each further failure doubles it. */
	baseDelayMs: number;
	/** The delay never grows beyond this. */
	maxDelayMs: number;
	/** An address with no failure for this long starts again with free failures. */
	forgetAfterMs: number;
	/** Replies held back at once for one address; beyond this the connection is dropped without a reply. */
	maxHeld: number;
	/** Failures of all addresses together per second that are judged by their address's count (a token bucket)… */
	globalFailuresPerSecond: number;
	/** …with room for this many at once. Past it, every failure waits `maxDelayMs`, whatever its address. */
	globalBurst: number;
	/** Replies held back at once over all addresses; beyond this the connection is dropped without a reply. */
	maxHeldTotal: number;
	/** Addresses remembered at most; a new one past this pushes out the one that failed least recently. */
	maxAddresses: number;
}

export const DEFAULT_AUTH_THROTTLE: AuthThrottlePolicy = {
	freeFailures: 5,
	baseDelayMs: 100,
	maxDelayMs: 10_000,
	forgetAfterMs: 60_000,
	maxHeld: 64,
	globalFailuresPerSecond: 20,
	globalBurst: 100,
	maxHeldTotal: 256,
	maxAddresses: 4096,
};

/** What to do with one request that failed the token check. */
export type AuthFailureAnswer = { kind: "reply"; delayMs: number; done: () => void } | { kind: "drop" };

interface AddressFailures {
	count: number;
	last: number;
	held: number;
}

const NOTHING_HELD = (): void => {};

/**
 * Slows down repeated bad tokens. Per address: the first `freeFailures` are answered at once,
 * later ones after an exponentially growing delay. Over all addresses, since any local user can
 * send from any of 127.0.0.0/8: past `globalFailuresPerSecond` (after a burst) every failure waits
 * the longest delay, and while `maxHeld` replies of one address or `maxHeldTotal` of all are held
 * back the connection is dropped without a reply, the cheapest answer there is. The work per
 * failure is constant and the addresses remembered are bounded, so a flood costs at most a
 * bounded number of held sockets and timers and one `destroy` per further request.
 *
 * Only failures are ever counted or delayed, so a request with the right token is served at once
 * whatever other requests do. Addresses, not ports: the port changes with every connection.
 */
export class AuthThrottle {
	/** In the order of their last failure, oldest first (an entry is moved to the end on each failure). */
	private readonly addresses = new Map<string, AddressFailures>();
	private heldTotal = 0;
	private budget: number;
	private budgetAt: number;

	constructor(
		private readonly now: () => number,
		private readonly policy: AuthThrottlePolicy = DEFAULT_AUTH_THROTTLE,
	) {
		this.budget = policy.globalBurst;
		this.budgetAt = now();
	}

	/** Addresses remembered now (bounded by `maxAddresses`). */
	get remembered(): number {
		return this.addresses.size;
	}

	/** Records a failure from `address` and says how to answer it. */
	fail(address: string): AuthFailureAnswer {
		const now = this.now();
		this.forgetQuiet(now);
		const failures = this.addresses.get(address) ?? { count: 0, last: now, held: 0 };
		failures.count++;
		failures.last = now;
		this.addresses.delete(address);
		this.addresses.set(address, failures);
		if (this.addresses.size > this.policy.maxAddresses) this.forgetOldest();
		const delayMs = this.takeBudget(now) ? this.delayOf(failures.count) : this.policy.maxDelayMs;
		if (delayMs === 0) return { kind: "reply", delayMs, done: NOTHING_HELD };
		if (failures.held >= this.policy.maxHeld || this.heldTotal >= this.policy.maxHeldTotal) return { kind: "drop" };
		failures.held++;
		this.heldTotal++;
		let done = false;
		return {
			kind: "reply",
			delayMs,
			done: () => {
				if (done) return;
				done = true;
				failures.held--;
				this.heldTotal--;
			},
		};
	}

	/** Whether the global bucket had room for one more failure judged by its address (and takes it). */
	private takeBudget(now: number): boolean {
		const { globalFailuresPerSecond, globalBurst } = this.policy;
		const elapsed = Math.max(0, now - this.budgetAt);
		this.budget = Math.min(globalBurst, this.budget + (elapsed * globalFailuresPerSecond) / 1000);
		this.budgetAt = now;
		if (this.budget < 1) return false;
		this.budget--;
		return true;
	}

	private delayOf(count: number): number {
		const over = count - this.policy.freeFailures;
		if (over <= 0) return 0;
		return Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** Math.min(over - 1, 30));
	}

	/** Forgets the addresses quiet for `forgetAfterMs`: they lead the map, so this stops at the first that is not. */
	private forgetQuiet(now: number): void {
		for (const [address, failures] of this.addresses) {
			if (now - failures.last < this.policy.forgetAfterMs) return;
			if (failures.held === 0) this.addresses.delete(address);
			else return;
		}
	}

	/** A held reply of the address pushed out still releases its place in `heldTotal` (see `done`). */
	private forgetOldest(): void {
		const oldest = this.addresses.keys().next();
		if (oldest.done !== true) this.addresses.delete(oldest.value);
	}
}
