/** A calendar day as a whole number: days since 1970-01-01 (UTC). */
export type Day = number;

/** A span of days, both ends included. */
export interface DayRange {
	start: Day;
	end: Day;
}

const DAY_MS = 86_400_000;

export function dayOf(year: number, month: number, date: number): Day {
	return Math.floor(Date.UTC(year, month - 1, date) / DAY_MS);
}

/** The UTC day of a time in milliseconds. */
export function dayOfTime(ms: number): Day {
	return Math.floor(ms / DAY_MS);
}

/** `2023-05-08` for the day. */
export function isoDay(day: Day): string {
	return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function yearMonthOf(day: Day): { year: number; month: number } {
	const date = new Date(day * DAY_MS);
	return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** 0 Monday … 6 Sunday. */
export function weekdayOf(day: Day): number {
	return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

export function single(day: Day): DayRange {
	return { start: day, end: day };
}

/** The month `offset` months from the month of `day` (0: that month). */
export function monthRange(day: Day, offset = 0): DayRange {
	const { year, month } = yearMonthOf(day);
	return monthOf(year, month + offset);
}

/** A month by year and number; months past 12 or below 1 roll into the next or previous year. */
export function monthOf(year: number, month: number): DayRange {
	return { start: dayOf(year, month, 1), end: dayOf(year, month + 1, 1) - 1 };
}

export function yearOf(year: number): DayRange {
	return { start: dayOf(year, 1, 1), end: dayOf(year + 1, 1, 1) - 1 };
}

/** Monday to Sunday of the week `offset` weeks from the week of `day`. */
export function weekRange(day: Day, offset = 0): DayRange {
	const monday = day - weekdayOf(day) + 7 * offset;
	return { start: monday, end: monday + 6 };
}

export function overlaps(a: DayRange, b: DayRange): boolean {
	return a.start <= b.end && b.start <= a.end;
}

/** A valid calendar date (no 31 April), else undefined. */
export function validDay(year: number, month: number, date: number): Day | undefined {
	if (month < 1 || month > 12 || date < 1 || date > 31) return undefined;
	const day = dayOf(year, month, date);
	const back = yearMonthOf(day);
	return back.year === year && back.month === month ? day : undefined;
}

/** English month names, January first (index = month - 1). */
export const MONTH_NAMES: readonly string[] = [
	"january",
	"february",
	"march",
	"april",
	"may",
	"june",
	"july",
	"august",
	"september",
	"october",
	"november",
	"december",
];
