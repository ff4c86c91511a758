import { describe, expect, it } from "vitest";
import { AuthThrottle, type AuthFailureAnswer, type AuthThrottlePolicy } from "../../../src/mcp/http/auth-throttle";

const POLICY: AuthThrottlePolicy = {
	freeFailures: 3,
	baseDelayMs: 100,
	maxDelayMs: 1000,
	forgetAfterMs: 60_000,
	maxHeld: 2,
	globalFailuresPerSecond: 1000,
	globalBurst: 1000,
	maxHeldTotal: 1000,
	maxAddresses: 1000,
};

/** A flood from many loopback addresses (any local user can send from all of 127.0.0.0/8). */
const FLOOD: AuthThrottlePolicy = {
	...POLICY,
	maxHeld: 64,
	globalFailuresPerSecond: 10,
	globalBurst: 20,
	maxHeldTotal: 50,
	maxAddresses: 100,
};

function loopbackAddress(i: number): string {
	return `127.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;
}

function delayOf(answer: AuthFailureAnswer): number | "drop" {
	if (answer.kind === "drop") return "drop";
	answer.done();
	return answer.delayMs;
}

describe("AuthThrottle", () => {
	it("answers the first failures at once, then doubles the delay up to the ceiling", () => {
		const throttle = new AuthThrottle(() => 0, POLICY);
		const delays = Array.from({ length: 9 }, () => delayOf(throttle.fail("127.0.0.1")));
		expect(delays).toEqual([0, 0, 0, 100, 200, 400, 800, 1000, 1000]);
	});

	it("counts each address on its own", () => {
		const throttle = new AuthThrottle(() => 0, POLICY);
		for (let i = 0; i < 5; i++) delayOf(throttle.fail("127.0.0.1"));
		expect(delayOf(throttle.fail("::1"))).toBe(0);
		expect(delayOf(throttle.fail("127.0.0.1"))).toBe(400);
	});

	it("forgets an address after a quiet minute", () => {
		let now = 0;
		const throttle = new AuthThrottle(() => now, POLICY);
		for (let i = 0; i < 6; i++) delayOf(throttle.fail("127.0.0.1"));
		now += 59_999;
		expect(delayOf(throttle.fail("127.0.0.1"))).toBe(800);
		now += 60_000;
		expect(delayOf(throttle.fail("127.0.0.1"))).toBe(0);
	});

	it("drops the connection while too many replies are held back, and holds again once they went out", () => {
		const throttle = new AuthThrottle(() => 0, POLICY);
		for (let i = 0; i < 3; i++) throttle.fail("127.0.0.1");
		const held = [throttle.fail("127.0.0.1"), throttle.fail("127.0.0.1")];
		expect(held.map((answer) => answer.kind)).toEqual(["reply", "reply"]);
		expect(throttle.fail("127.0.0.1").kind).toBe("drop");
		for (const answer of held) if (answer.kind === "reply") answer.done();
		expect(throttle.fail("127.0.0.1")).toMatchObject({ kind: "reply", delayMs: 800 });
	});

	it("answers at once only the global budget of a flood from many addresses, holds the next ones and drops the rest", () => {
		const throttle = new AuthThrottle(() => 0, FLOOD);
		const answers = Array.from({ length: 10_000 }, (_, i) => throttle.fail(loopbackAddress(i)));
		const at = (answer: AuthFailureAnswer) => (answer.kind === "drop" ? "drop" : answer.delayMs);
		expect(answers.slice(0, 20).map(at)).toEqual(Array<number>(20).fill(0));
		expect(answers.slice(20, 70).map(at)).toEqual(Array<number>(50).fill(1000));
		expect(answers.slice(70).every((answer) => answer.kind === "drop")).toBe(true);
		expect(throttle.remembered).toBe(100);
	});

	it("refills the global budget with time, and frees a held place once its reply went out", () => {
		let now = 0;
		const throttle = new AuthThrottle(() => now, FLOOD);
		const held: AuthFailureAnswer[] = [];
		for (let i = 0; i < 70; i++) held.push(throttle.fail(loopbackAddress(i)));
		expect(throttle.fail(loopbackAddress(70)).kind).toBe("drop");
		now += 500;
		expect(Array.from({ length: 5 }, (_, i) => throttle.fail(loopbackAddress(100 + i))).map((a) => a.kind)).toEqual(
			Array<string>(5).fill("reply"),
		);
		expect(throttle.fail(loopbackAddress(200)).kind).toBe("drop");
		for (const answer of held) if (answer.kind === "reply") answer.done();
		expect(throttle.fail(loopbackAddress(201))).toMatchObject({ kind: "reply", delayMs: 1000 });
	});

	it("keeps counting an address that fails on within the global budget", () => {
		let now = 0;
		const throttle = new AuthThrottle(() => now, FLOOD);
		const delays: (number | "drop")[] = [];
		for (let i = 0; i < 6; i++) {
			delays.push(delayOf(throttle.fail("127.0.0.1")));
			now += 100;
		}
		expect(delays).toEqual([0, 0, 0, 100, 200, 400]);
	});
});
