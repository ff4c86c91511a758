import { describe, expect, it } from "vitest";
import { possibleConflicts } from "../../../../src/core/recall/conflicts/conflicts";
import { numericFacts } from "../../../../src/core/recall/conflicts/numeric-facts";

const against = (newText: string, oldText: string, options = {}) =>
	possibleConflicts(newText, [{ id: "Old.md", text: oldText }], options);
const kinds = (newText: string, oldText: string) => against(newText, oldText).map((c) => c.kind);

describe("possibleConflicts: numeric mismatch", () => {
	it('flags "budget is $50,000" vs "$80,000" as a numeric mismatch on budget in $', () => {
		expect(possibleConflicts("budget is $80,000", [{ id: "Budget.md", text: "budget is $50,000" }])).toEqual([
			{ id: "Budget.md", kind: "numeric_mismatch", detail: "budget ($): new $80,000, existing $50,000" },
		]);
	});

	it('finds nothing between "API latency is 200ms" and "budget is $50,000"', () => {
		expect(against("API latency is 200ms", "budget is $50,000")).toEqual([]);
		expect(against("budget is $50,000", "API latency is 200ms")).toEqual([]);
	});

	it("matches a unit written apart from the number", () => {
		expect(against("latency 350 ms", "latency 200ms")).toEqual([
			{ id: "Old.md", kind: "numeric_mismatch", detail: "latency (ms): new 350 ms, existing 200ms" },
		]);
	});

	it("finds nothing when the number is the same, however it is written", () => {
		expect(against("The budget is $50,000 for this year.", "budget is $50,000")).toEqual([]);
		expect(against("budget is $50k", "budget is $50,000")).toEqual([]);
		expect(against("budget is $2m", "budget is $2,000,000")).toEqual([]);
		expect(against("latency 200 milliseconds", "latency 200ms")).toEqual([]);
	});

	it("finds nothing under different anchors or different units", () => {
		expect(against("revenue is $80,000", "budget is $50,000")).toEqual([]);
		expect(against("latency is 2 s", "latency is 200ms")).toEqual([]);
		expect(against("budget is 80,000 €", "budget is $50,000")).toEqual([]);
	});

	it("tells apart two kinds of the same anchor, but not a kind from the plain word", () => {
		expect(against("error rate is 5%", "conversion rate is 3%")).toEqual([]);
		expect(against("DB latency is 350ms", "API latency is 200ms")).toEqual([]);
		expect(kinds("latency is 350ms", "API latency is 200ms")).toEqual(["numeric_mismatch"]);
		expect(kinds("The API latency went up to 350ms", "API latency is 200ms")).toEqual(["numeric_mismatch"]);
	});

	it("reads magnitudes, percentages and counted nouns", () => {
		expect(kinds("budget is $80k", "budget is $50,000")).toEqual(["numeric_mismatch"]);
		expect(against("conversion rate is 5 %", "conversion rate is 3%")[0]?.detail).toBe(
			"rate (%): new 5 %, existing 3%",
		);
		expect(against("We have 7 engineers now.", "We have 5 engineers.")[0]?.detail).toBe(
			"engineer: new 7 engineers, existing 5 engineers",
		);
		expect(against("We have 7 designers.", "We have 5 engineers.")).toEqual([]);
	});

	it("keeps an anchor across linking words but not across a sentence", () => {
		expect(kinds("The budget was raised to $80,000.", "Our budget: $50,000")).toEqual(["numeric_mismatch"]);
		expect(against("We cut the budget. Then $80,000 went to hiring.", "budget is $50,000")).toEqual([]);
	});

	it("reports no mismatch when any stated value under the key agrees", () => {
		expect(against("budget is $50,000", "The budget is $50,000; the old budget was $40,000.")).toEqual([]);
	});

	it("does not treat dates, times, years next to months, ordinals or list markers as facts", () => {
		expect(
			against(
				"(2:00 pm on 9 May, 2023) Dana: I went to the climbing gym.",
				"(1:56 pm on 8 May, 2023) Dana: I went to the climbing gym.",
			),
		).toEqual([]);
		expect(against("Meeting on 2023-05-09 about the launch", "Meeting on 2023-05-08 about the launch")).toEqual([]);
		expect(against("the 3rd release of the app", "the 2nd release of the app")).toEqual([]);
		expect(against("1. budget approved\n2. hiring", "3. budget approved")).toEqual([]);
		expect(numericFacts("May 8, 2023 and June 3")).toEqual([]);
	});

	it("extracts anchors nearest first and the written form", () => {
		expect(numericFacts("API latency is 200ms")).toEqual([
			{ anchors: [{ word: "latency", modifier: "api" }, { word: "api" }], unit: "ms", value: 200, text: "200ms" },
		]);
		expect(numericFacts("budget is $1.5 million")).toEqual([
			{ anchors: [{ word: "budget" }], unit: "$", value: 1_500_000, text: "$1.5 million" },
		]);
		expect(numericFacts("We hired 4 engineers")).toEqual([
			{ anchors: [{ word: "hired" }], unit: "engineer", value: 4, text: "4 engineers" },
		]);
	});

	it("checks every existing memory and names the one that disagrees", () => {
		const conflicts = possibleConflicts("budget is $80,000", [
			{ id: "A.md", text: "budget is $80,000" },
			{ id: "B.md", text: "Latency is 120ms" },
			{ id: "C.md", text: "The budget is $60,000 this quarter." },
		]);
		expect(conflicts.map((c) => c.id)).toEqual(["C.md"]);
	});
});

describe("possibleConflicts: one-sided negation", () => {
	it('flags "we use Redis for caching" vs "we do not use Redis for caching", either way round', () => {
		const negated = against("we do not use Redis for caching", "we use Redis for caching");
		expect(negated).toEqual([
			{
				id: "Old.md",
				kind: "negation",
				detail:
					'the new memory negates a statement of the existing one: new "we do not use Redis for caching", existing "we use Redis for caching"',
			},
		]);
		expect(against("we use Redis for caching", "we do not use Redis for caching")[0]?.detail).toMatch(
			/^the new memory drops the negation of/,
		);
	});

	it("finds nothing when both are negative or both positive", () => {
		expect(against("we do not use Redis for caching", "We don't use Redis for caching.")).toEqual([]);
		expect(against("we use Redis for caching", "We use Redis for caching in production.")).toEqual([]);
	});

	it("recognises contractions and other negation words", () => {
		expect(kinds("We don't deploy on Fridays.", "We deploy on Fridays.")).toEqual(["negation"]);
		expect(
			kinds("The team never reviews pull requests on weekends.", "The team reviews pull requests on weekends."),
		).toEqual(["negation"]);
		expect(kinds("We no longer use Redis for caching.", "We use Redis for caching.")).toEqual(["negation"]);
	});

	it("requires substantial word overlap", () => {
		expect(against("we do not use Redis for session storage anymore", "we use Postgres for analytics")).toEqual([]);
		expect(against("Alice is not coming to the offsite", "Bob is coming to the dinner")).toEqual([]);
		expect(kinds("we do not use Redis for caching sessions", "we use Redis for caching")).toEqual(["negation"]);
		expect(
			against("we do not use Redis for caching sessions", "we use Redis for caching", { minTokenOverlap: 0.9 }),
		).toEqual([]);
	});

	it("compares sentence by sentence, so an unrelated negative sentence elsewhere does not count", () => {
		const old = "We use Redis for caching. We never deploy on Fridays.";
		expect(against("We use Redis for caching.", old)).toEqual([]);
		expect(kinds("Deploys are fine. We do not use Redis for caching.", old)).toEqual(["negation"]);
	});

	it("can report both kinds for one memory", () => {
		expect(
			kinds(
				"We do not use Redis for caching. The budget is $80,000.",
				"We use Redis for caching. The budget is $50,000.",
			),
		).toEqual(["numeric_mismatch", "negation"]);
	});
});
