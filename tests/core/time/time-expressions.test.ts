import { describe, expect, it } from "vitest";
import { dayOf, isoDay, type DayRange } from "../../../src/core/time/calendar";
import { asksWhen, findTimes, isoDateDay, leadingDateSpan, namedPeriod } from "../../../src/core/time/time-expressions";

/** 8 May 2023, a Monday. */
const MAY_8 = dayOf(2023, 5, 8);

const iso = (ranges: DayRange[]): string[] =>
	ranges.map(({ start, end }) => (start === end ? isoDay(start) : `${isoDay(start)}..${isoDay(end)}`));

describe("findTimes: relative expressions resolved against the day written", () => {
	it.each([
		["I went to the support group yesterday.", "2023-05-07"],
		["We talked about it last week.", "2023-05-01..2023-05-07"],
		["The adoption interview is next month.", "2023-06-01..2023-06-30"],
		["Two days ago I painted a lake.", "2023-05-06"],
		["The race was three weeks ago.", "2023-04-17..2023-04-23"],
		["Last Friday I went to a workshop.", "2023-05-05"],
		["We camped two weekends ago.", "2023-04-29..2023-04-30"],
		["Our trip last summer was lovely.", "2022-06-01..2022-08-31"],
		["See you tomorrow!", "2023-05-09"],
		["It was a rough year; next year will be better.", "2024-01-01..2024-12-31"],
	])("%s → %s", (text, expected) => {
		expect(iso(findTimes(text, MAY_8))).toEqual([expected]);
	});

	it("reads absolute dates with or without the day, and a year after a preposition", () => {
		expect(iso(findTimes("Signed on 8 May, 2023 and again on June 3rd 2023.", MAY_8))).toEqual([
			"2023-05-08",
			"2023-06-03",
		]);
		expect(iso(findTimes("Moved in March 2021, married in 2019, 2023-02-14 was fun."))).toEqual([
			"2023-02-14",
			"2021-03-01..2021-03-31",
			"2019-01-01..2019-12-31",
		]);
	});

	it("skips relative expressions and dates without a year when no day is known", () => {
		expect(findTimes("yesterday, last week, on 3 June")).toEqual([]);
	});

	it("does not take a number of things for a year, and keeps only the month of an invalid date", () => {
		expect(findTimes("We sold 2023 tickets.", MAY_8)).toEqual([]);
		expect(iso(findTimes("Due on 31 April, 2023.", MAY_8))).toEqual(["2023-04-01..2023-04-30"]);
	});
});

describe("findTimes: months, dates and seasons named without a year", () => {
	/** 20 January 2025: March and summer of 2025 are still to come. */
	const JAN_20 = "2025-01-20";
	/** 10 March 2025: this March has begun. */
	const MAR_10 = "2025-03-10";
	const day = (iso: string) => isoDateDay(iso) as number;

	it.each([
		["Why did the database go down in March?", JAN_20, "2024-03-01..2024-03-31"],
		["Why did the database go down in March?", MAR_10, "2025-03-01..2025-03-31"],
		["What broke during December?", JAN_20, "2024-12-01..2024-12-31"],
		["What did we ship early February?", MAR_10, "2025-02-01..2025-02-28"],
		["Why did the March release slip?", JAN_20, "2024-03-01..2024-03-31"],
		["What happened on 14 March?", JAN_20, "2024-03-14"],
		["What happened on March 14th?", MAR_10, "2024-03-14"],
		["Where did we go in the summer?", JAN_20, "2024-06-01..2024-08-31"],
		["Where did we go in summer?", "2025-07-02", "2025-06-01..2025-08-31"],
		["Who skied in winter?", JAN_20, "2024-12-01..2025-02-28"],
		["Who skied in winter?", "2025-11-02", "2024-12-01..2025-02-28"],
		["What is planned for this March?", JAN_20, "2025-03-01..2025-03-31"],
		["What went wrong last March?", JAN_20, "2024-03-01..2024-03-31"],
	])("asked: %s (on %s) → %s", (question, today, expected) => {
		expect(iso(findTimes(question, day(today), "asked"))).toEqual([expected]);
	});

	it("in a memory's text keeps the year it was written in: a plan for March written in January is the March to come", () => {
		expect(iso(findTimes("We launch in March.", day(JAN_20)))).toEqual(["2025-03-01..2025-03-31"]);
		expect(iso(findTimes("The flight is on 14 March.", day(JAN_20)))).toEqual(["2025-03-14"]);
		expect(iso(findTimes("We hike in the summer.", day(JAN_20)))).toEqual(["2025-06-01..2025-08-31"]);
		expect(findTimes("The March release slipped.", day(JAN_20))).toEqual([]);
	});

	it("never reads the verb may as a month", () => {
		expect(findTimes("What may have caused it?", day(JAN_20), "asked")).toEqual([]);
	});
});

describe("namedPeriod: the period a memory_search filter names", () => {
	const JAN_20 = dayOf(2025, 1, 20);
	const period = (text: string) => {
		const range = namedPeriod(text, JAN_20);
		return range && iso([range])[0];
	};

	it.each([
		["March", "2024-03-01..2024-03-31"],
		["may", "2024-05-01..2024-05-31"],
		["summer", "2024-06-01..2024-08-31"],
		["winter", "2024-12-01..2025-02-28"],
		["March 2025", "2025-03-01..2025-03-31"],
		["2024-03", "2024-03-01..2024-03-31"],
		["2024-03-14", "2024-03-14"],
		["2023", "2023-01-01..2023-12-31"],
		["last week", "2025-01-13..2025-01-19"],
	])("%s → %s", (text, expected) => {
		expect(period(text)).toBe(expected);
	});

	it("names nothing for text that is no period, or two of them", () => {
		expect(period("someday")).toBeUndefined();
		expect(period("2024-13")).toBeUndefined();
		expect(period("March and June")).toBeUndefined();
	});
});

describe("findTimes: spans anchored on a date", () => {
	/** A question asked long after: the anchor's own year is used, not today's. */
	const TODAY = dayOf(2024, 1, 20);

	it.each([
		["Where was Tim in the week before 16 November 2023?", "2023-11-09..2023-11-15"],
		["What did Maria do last weekend before April 10, 2023?", "2023-04-08..2023-04-09"],
		["What happened the day after 2023-05-08?", "2023-05-09"],
		["Plans for the week of 8 May 2023", "2023-05-08..2023-05-14"],
		["Where was John between August 11 and August 15 2023?", "2023-08-11..2023-08-15"],
		["Away from 3 May to 9 May, 2023.", "2023-05-03..2023-05-09"],
	])("%s → %s", (text, expected) => {
		expect(iso(findTimes(text, TODAY))).toEqual([expected]);
	});

	it("does not read a span that ends before it starts: each date is read alone (a date without a year in today's)", () => {
		expect(iso(findTimes("between 9 May and 3 May 2023", TODAY))).toEqual(["2023-05-03", "2024-05-09"]);
	});
});

describe("leadingDateSpan", () => {
	it("finds the date that opens a journal-style text, after a time of day", () => {
		const text = "(1:56 pm on 8 May, 2023) Caroline: I went yesterday.";
		const span = leadingDateSpan(text);
		expect(span && isoDay(span.day)).toBe("2023-05-08");
		expect(text.slice(span?.end)).toBe(") Caroline: I went yesterday.");
	});

	it("ignores a date further into the text", () => {
		expect(leadingDateSpan("Caroline said on 8 May, 2023 that…")).toBeUndefined();
	});
});

describe("isoDateDay and asksWhen", () => {
	it("reads ISO dates and date-times, nothing else", () => {
		expect(isoDay(isoDateDay("2023-05-08T22:10:00.000Z") ?? 0)).toBe("2023-05-08");
		expect(isoDateDay("8 May 2023")).toBeUndefined();
		expect(isoDateDay(42)).toBeUndefined();
	});

	it("tells a question about a time from others", () => {
		expect(asksWhen("When did Caroline go to the support group?")).toBe(true);
		expect(asksWhen("What year did they move?")).toBe(true);
		expect(asksWhen("What did Caroline research?")).toBe(false);
	});
});
