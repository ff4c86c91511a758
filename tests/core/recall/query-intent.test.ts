import { describe, expect, it } from "vitest";
import { asksWhy, questionContent } from "../../../src/core/recall/query-intent";

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

describe("questionContent", () => {
	it.each([
		["What kind of art does Caroline make?", "What   art does Caroline make?"],
		["Which types of yoga has Maria tried?", "Which   yoga has Maria tried?"],
		["What sort of DB did we pick", "What   DB did we pick"],
		["How many times did the sync fail?", "How   times did the sync fail?"],
		["how much did the move cost", "how   did the move cost"],
	])("leaves out the words that shape %j", (query, content) => {
		expect(questionContent(query)).toBe(content);
	});

	it.each(["Thanks for your kind words", "the type checker", "many friends came", "much later", "a kindof typo"])(
		"keeps %j as it is: no question form",
		(query) => {
			expect(questionContent(query)).toBe(query);
		},
	);
});
