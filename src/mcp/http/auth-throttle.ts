export interface AuthThrottlePolicy {
	/** Failures answered at once before the delay starts. */
	freeFailures: number;
	/** Delay of the first delayed reply; each further failure doubles it. */
	baseDelayMs: number;
	/** The delay never grows beyond this. */
	maxDelayMs: number;
	/** A client with no failure for this long starts again with free failures. */
	forgetAfterMs: number;
	/** Replies held back at once for one client; beyond this the connection is dropped without a reply. */
	maxHeld: number;
}

export const DEFAULT_AUTH_THROTTLE: AuthThrottlePolicy = {
	freeFailures: 5,
	baseDelayMs: 100,
	maxDelayMs: 10_000,
	forgetAfterMs: 60_000,
	maxHeld: 64,
};

/** What to do with one request that failed the token check. */
export type AuthFailureAnswer = { kind: "reply"; delayMs: number; done: () => void } | { kind: "drop" };

interface ClientFailures {
	count: number;
	last: number;
	held: number;
}

/**
 * Slows down repeated bad tokens from one client: the first `freeFailures` are answered at once,
 * later ones after an exponentially growing delay, and while too many replies are held back the
 * connection is dropped. Only failures are ever counted or delayed, so a request with the right
 * token is served at once whatever other requests from the same address do. Clients are keyed by
 * remote address: the port changes with every connection, so it cannot tell clients apart.
 */
export class AuthThrottle {
	private readonly clients = new Map<string, ClientFailures>();

	constructor(
		private readonly now: () => number,
		private readonly policy: AuthThrottlePolicy = DEFAULT_AUTH_THROTTLE,
	) {}

	/** Records a failure of `client` and says how to answer it. */
	fail(client: string): AuthFailureAnswer {
		const now = this.now();
		this.forgetQuiet(now);
		const failures = this.clients.get(client) ?? { count: 0, last: now, held: 0 };
		failures.count++;
		failures.last = now;
		this.clients.set(client, failures);
		const delayMs = this.delayOf(failures.count);
		if (delayMs === 0) return { kind: "reply", delayMs, done: () => {} };
		if (failures.held >= this.policy.maxHeld) return { kind: "drop" };
		failures.held++;
		let done = false;
		return {
			kind: "reply",
			delayMs,
			done: () => {
				if (done) return;
				done = true;
				failures.held--;
			},
		};
	}

	private delayOf(count: number): number {
		const over = count - this.policy.freeFailures;
		if (over <= 0) return 0;
		return Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** Math.min(over - 1, 30));
	}

	private forgetQuiet(now: number): void {
		for (const [client, failures] of this.clients) {
			if (failures.held === 0 && now - failures.last >= this.policy.forgetAfterMs) this.clients.delete(client);
		}
	}
}
