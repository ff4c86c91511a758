import { describe, expect, it } from "vitest";
import { asksWhy } from "../../../src/core/recall/query-intent";

describe("asksWhy", () => {
	it.each([
		"why did the sync break",
		"Why was the release delayed?",
		"what caused the outage last week",
		"what led to moving the meeting",
		"the reason for choosing Postgres",
		"reasons behind the rewrite",
		"how come the cache is stale",
	])("sees a question for a reason in %j", (query) => {
		expect(asksWhy(query)).toBe(true);
	});

	it.each(["when did the sync break", "whyte notebook", "what happened at the meeting", "reasonable defaults"])(
		"sees none in %j",
		(query) => {
			expect(asksWhy(query)).toBe(false);
		},
	);
});
