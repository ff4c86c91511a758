import { describe, expect, it } from "vitest";
import { AuthThrottle, type AuthFailureAnswer, type AuthThrottlePolicy } from "../../../src/mcp/http/auth-throttle";

const POLICY: AuthThrottlePolicy = {
	freeFailures: 3,
	baseDelayMs: 100,
	maxDelayMs: 1000,
	forgetAfterMs: 60_000,
	maxHeld: 2,
};

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
});
