import {
	monthOf,
	monthRange,
	single,
	validDay,
	weekdayOf,
	weekRange,
	yearMonthOf,
	yearOf,
	type Day,
	type DayRange,
	MONTH_NAMES,
} from "./calendar";

const MONTH_ABBREVIATIONS = ["jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"];
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const NUMBER_WORDS: Record<string, number> = {
	a: 1,
	an: 1,
	one: 1,
	two: 2,
	three: 3,
	four: 4,
	five: 5,
	six: 6,
	seven: 7,
	eight: 8,
	nine: 9,
	ten: 10,
	eleven: 11,
	twelve: 12,
	few: 3,
	"a few": 3,
	"a couple of": 2,
	"a couple": 2,
	couple: 2,
};
/** First month of each season (northern hemisphere); each lasts three months. */
const SEASON_START: Record<string, number> = { spring: 3, summer: 6, fall: 9, autumn: 9, winter: 12 };

const MONTH = `(${[...MONTH_NAMES, ...MONTH_ABBREVIATIONS].join("|")})\\.?`;
const ORDINAL = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "((?:19|20)\\d{2})";
const COUNT = `(\\d{1,2}|${Object.keys(NUMBER_WORDS)
	.sort((a, b) => b.length - a.length)
	.join("|")})`;
const UNIT = "(day|week|weekend|month|year)s?";
const SEASON = `(${Object.keys(SEASON_START).join("|")})`;

/**
 * How a month or season named without a year is read: "written" (a memory's text: the one of the
 * reference day's year, so "we launch in March" written in January means the March to come) or
 * "asked" (a question: the latest one that began on or before the reference day, since a question
 * asks about what happened).
 */
export type YearlessReading = "written" | "asked";

type Resolve = (
	match: RegExpExecArray | RegExpMatchArray,
	reference: Day | undefined,
	reading: YearlessReading,
) => DayRange | undefined;

interface Pattern {
	regex: RegExp;
	resolve: Resolve;
	/** Read in questions only: a memory's text (every note, at indexing) skips it. */
	askedOnly?: true;
}

function monthNumber(name: string): number {
	const index = MONTH_NAMES.findIndex((month) => month.startsWith(name.slice(0, 3)));
	return index + 1;
}

function countOf(word: string): number {
	return NUMBER_WORDS[word] ?? Number(word);
}

function referenceYear(reference: Day | undefined): number | undefined {
	return reference === undefined ? undefined : yearMonthOf(reference).year;
}

function dayRange(year: number | undefined, month: number, date: number): DayRange | undefined {
	if (year === undefined) return undefined;
	const day = validDay(year, month, date);
	return day === undefined ? undefined : single(day);
}

/** A date named without a year: in the reference year, or when asked and still to come, the year before. */
function yearlessDay(
	reference: Day | undefined,
	month: number,
	date: number,
	reading: YearlessReading,
): DayRange | undefined {
	const year = referenceYear(reference);
	const range = dayRange(year, month, date);
	if (year === undefined || reference === undefined || range === undefined) return range;
	return reading === "asked" && range.start > reference ? dayRange(year - 1, month, date) : range;
}

/** `units` whole units before (negative) or after the reference day. */
function shifted(reference: Day, unit: string, units: number): DayRange {
	switch (unit) {
		case "day":
			return single(reference + units);
		case "week":
			return weekRange(reference, units);
		case "weekend": {
			const week = weekRange(reference, units);
			return { start: week.start + 5, end: week.end };
		}
		case "month":
			return monthRange(reference, units);
		default: {
			const { year } = yearMonthOf(reference);
			return yearOf(year + units);
		}
	}
}

function seasonOf(year: number, season: string): DayRange {
	const start = SEASON_START[season];
	const first = monthOf(year, start);
	return { start: first.start, end: monthOf(year, start + 2).end };
}

/**
 * The season instance `which` ("last", "this", "next") relative to the reference day; "latest"
 * is the one holding the reference day, else the last one before it.
 */
function seasonNear(reference: Day, season: string, which: string): DayRange {
	const { year } = yearMonthOf(reference);
	const candidates = [year - 2, year - 1, year, year + 1].map((y) => seasonOf(y, season));
	if (which === "last") return candidates.filter((range) => range.end < reference).pop() ?? candidates[0];
	if (which === "next") return candidates.find((range) => range.start > reference) ?? candidates[3];
	if (which === "latest") return candidates.filter((range) => range.start <= reference).pop() ?? candidates[0];
	return candidates.find((range) => range.start <= reference && reference <= range.end) ?? seasonOf(year, season);
}

/** A month named without a year: the one of the reference year, or when asked, the latest begun by the reference day. */
function yearlessMonth(reference: Day, month: number, reading: YearlessReading): DayRange {
	const { year } = yearMonthOf(reference);
	const range = monthOf(year, month);
	return reading === "asked" && range.start > reference ? monthOf(year - 1, month) : range;
}

/** The named weekday before (`direction` −1) or after (+1) the reference day, or in its week (0). */
function weekdayNear(reference: Day, weekday: number, direction: number): Day {
	if (direction === 0) return reference - weekdayOf(reference) + weekday;
	let day = reference + direction;
	while (weekdayOf(day) !== weekday) day += direction;
	return day;
}

/** A full date as text (day, month and year in any of the orders read below), for the spans anchored on one. */
const FULL_DATE = `(?:(?:19|20)\\d{2}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH},? ${YEAR}|${MONTH} \\d{1,2}(?:st|nd|rd|th)?,? ${YEAR})`;
/** A date that may leave out its year ("August 11" in "between August 11 and August 15, 2023"). */
const OPEN_DATE = `(?:\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}(?:,? ${YEAR})?|${MONTH} \\d{1,2}(?:st|nd|rd|th)?(?:,? ${YEAR})?)`;

/** The first date of a text, its year (if it has none) taken from `reference`. */
function firstDate(text: string, reference: Day | undefined): DayRange | undefined {
	return findTimes(text, reference)[0];
}

/** A span of `unit` just before or after an anchor day, or the one holding it ("the week of 9 June"). */
function anchoredSpan(anchor: Day, unit: string, relation: string): DayRange {
	if (relation === "of") return shifted(anchor, unit, 0);
	const before = relation !== "after";
	switch (unit) {
		case "day":
			return single(anchor + (before ? -1 : 1));
		case "week":
			return before ? { start: anchor - 7, end: anchor - 1 } : { start: anchor + 1, end: anchor + 7 };
		case "weekend": {
			let saturday = before ? anchor - 1 : anchor + 1;
			while (weekdayOf(saturday) !== 5) saturday += before ? -1 : 1;
			return { start: saturday, end: saturday + 1 };
		}
		default:
			return before ? { start: anchor - 30, end: anchor - 1 } : { start: anchor + 1, end: anchor + 30 };
	}
}

/** Day, month and year: "2023-05-08", "8 May, 2023", "May 8th 2023". */
const FULL_DATE_PATTERNS: Pattern[] = [
	{
		regex: /\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/g,
		resolve: (m) => dayRange(Number(m[1]), Number(m[2]), Number(m[3])),
	},
	{
		regex: new RegExp(`\\b${ORDINAL} (?:of )?${MONTH},? ${YEAR}\\b`, "g"),
		resolve: (m) => dayRange(Number(m[3]), monthNumber(m[2]), Number(m[1])),
	},
	{
		regex: new RegExp(`\\b${MONTH} ${ORDINAL},? ${YEAR}\\b`, "g"),
		resolve: (m) => dayRange(Number(m[3]), monthNumber(m[1]), Number(m[2])),
	},
];

/** Most specific first: a span taken by one pattern is not read again by a later one. */
const PATTERNS: Pattern[] = [
	{
		// "the week before 9 June 2023", "last weekend before April 10, 2023", "the day after 2023-05-08"
		regex: new RegExp(
			`\\b(?:the |last |that )?(day|week|weekend|month) (before|after|prior to|of) (?<anchor>${FULL_DATE})`,
			"g",
		),
		resolve: (m, reference) => {
			const anchor = firstDate(m.groups?.anchor ?? "", reference);
			return anchor && anchoredSpan(anchor.start, m[1], m[2]);
		},
	},
	{
		// "between August 11 and August 15, 2023", "from 3 May to 9 May 2023"
		regex: new RegExp(`\\b(?:between|from) (?<first>${OPEN_DATE}) (?:and|to|until) (?<last>${FULL_DATE})`, "g"),
		resolve: (m, reference) => {
			const last = firstDate(m.groups?.last ?? "", reference);
			const first = last && firstDate(m.groups?.first ?? "", last.start);
			return first && last && first.start <= last.end ? { start: first.start, end: last.end } : undefined;
		},
	},
	...FULL_DATE_PATTERNS,
	{
		regex: new RegExp(`\\b${MONTH},? ${YEAR}\\b`, "g"),
		resolve: (m) => monthOf(Number(m[2]), monthNumber(m[1])),
	},
	{
		regex: new RegExp(`\\b${ORDINAL} (?:of )?${MONTH}\\b`, "g"),
		resolve: (m, reference, reading) => yearlessDay(reference, monthNumber(m[2]), Number(m[1]), reading),
	},
	{
		regex: new RegExp(`\\b${MONTH} ${ORDINAL}\\b`, "g"),
		resolve: (m, reference, reading) => yearlessDay(reference, monthNumber(m[1]), Number(m[2]), reading),
	},
	{
		regex: new RegExp(
			`\\b(?:in|during|since|of|from|until|before|after|by|early|late|summer|winter|spring|fall|autumn) ${YEAR}\\b`,
			"g",
		),
		resolve: (m) => yearOf(Number(m[1])),
	},
	{
		regex: new RegExp(`\\b(last|this|next|in|during|early|late|(?:the )?(?:beginning|end|middle) of) ${MONTH}\\b`, "g"),
		resolve: (m, reference, reading) => {
			const year = referenceYear(reference);
			if (year === undefined || reference === undefined) return undefined;
			const month = monthNumber(m[2]);
			const range = monthOf(year, month);
			if (m[1] === "last" && range.start >= reference) return monthOf(year - 1, month);
			if (m[1] === "next" && range.end <= reference) return monthOf(year + 1, month);
			return m[1] === "this" ? range : yearlessMonth(reference, month, reading);
		},
	},
	{
		regex:
			/\b(the day before yesterday|day before yesterday|yesterday|last night|today|tonight|this morning|this afternoon|this evening|tomorrow|the day after tomorrow)\b/g,
		resolve: (m, reference) => {
			if (reference === undefined) return undefined;
			const offsets: Record<string, number> = { yesterday: -1, "last night": -1, tomorrow: 1 };
			if (m[1].includes("before yesterday")) return single(reference - 2);
			if (m[1].includes("after tomorrow")) return single(reference + 2);
			return single(reference + (offsets[m[1]] ?? 0));
		},
	},
	{
		regex: new RegExp(`\\b${COUNT} ${UNIT} (ago|before|earlier|from now|later)\\b`, "g"),
		resolve: (m, reference) => {
			if (reference === undefined) return undefined;
			const count = countOf(m[1]);
			const direction = m[3] === "from now" || m[3] === "later" ? 1 : -1;
			return shifted(reference, m[2], direction * count);
		},
	},
	{
		regex: new RegExp(`\\b(last|this|next|past|coming) ${UNIT}\\b`, "g"),
		resolve: (m, reference) => {
			if (reference === undefined) return undefined;
			const offset = m[1] === "last" || m[1] === "past" ? -1 : m[1] === "this" ? 0 : 1;
			return shifted(reference, m[2], offset);
		},
	},
	{
		regex: new RegExp(`\\b(last|this|next|in the|in|during the|during) ${SEASON}(?: of ${YEAR})?\\b`, "g"),
		resolve: (m, reference, reading) => {
			if (m[3] !== undefined) return seasonOf(Number(m[3]), m[2]);
			if (reference === undefined) return undefined;
			if (m[1] === "last" || m[1] === "next") return seasonNear(reference, m[2], m[1]);
			return seasonNear(reference, m[2], m[1] !== "this" && reading === "asked" ? "latest" : "this");
		},
	},
	{
		regex: new RegExp(`\\b(last|this|next|on|this past|this coming) (${WEEKDAYS.join("|")})\\b`, "g"),
		resolve: (m, reference) => {
			if (reference === undefined) return undefined;
			const weekday = WEEKDAYS.indexOf(m[2]);
			const direction = m[1] === "next" || m[1] === "this coming" ? 1 : m[1] === "this" ? 0 : -1;
			return single(weekdayNear(reference, weekday, direction));
		},
	},
	{
		// A question's bare month name ("why did the March release slip"); "may" is too often a verb.
		regex: new RegExp(`\\b(${MONTH_NAMES.filter((name) => name !== "may").join("|")})\\b`, "g"),
		resolve: (m, reference, reading) =>
			reference === undefined ? undefined : yearlessMonth(reference, monthNumber(m[1]), reading),
		askedOnly: true,
	},
];

const WRITTEN_PATTERNS = PATTERNS.filter((pattern) => pattern.askedOnly !== true);

/** Every pattern needs a digit or one of these words: most texts skip the patterns at once. */
const MAYBE_TIME = new RegExp(
	`\\d|day|tonight|tomorrow|morning|afternoon|evening|night|ago|from now|later|before|earlier|week|month|year|${SEASON.slice(1, -1)}|${MONTH.slice(1, -4)}`,
);

/**
 * The dates a text speaks of, absolute ("8 May 2023", "2023-05-08", "May 2023", "in 2022") and
 * relative to `reference`, the day the text was written or asked ("yesterday", "last week", "two
 * days ago", "next month", "last Friday", "last summer"). Without a reference, relative
 * expressions and dates without a year are skipped. Months, dates and seasons named without a
 * year are read as `reading` says (see `YearlessReading`); seasons are the northern
 * hemisphere's (spring March–May, summer June–August, autumn September–November, winter
 * December–February). English only.
 */
export function findTimes(text: string, reference?: Day, reading: YearlessReading = "written"): DayRange[] {
	const lower = text.toLowerCase();
	if (!MAYBE_TIME.test(lower)) return [];
	const taken: [number, number][] = [];
	const found: DayRange[] = [];
	for (const { regex, resolve } of reading === "asked" ? PATTERNS : WRITTEN_PATTERNS) {
		// matchAll iterates over a copy: a resolver may read a date with findTimes again.
		regex.lastIndex = 0;
		for (const match of lower.matchAll(regex)) {
			const start = match.index;
			const end = start + match[0].length;
			if (taken.some(([s, e]) => start < e && s < end)) continue;
			const range = resolve(match, reference, reading);
			if (range === undefined) continue;
			taken.push([start, end]);
			found.push(range);
		}
	}
	return found;
}

const LEADING = /^[\s([{]*(?:\d{1,2}[:.]\d{2}\s*(?:am|pm)?\s*(?:on\s+)?)?$/i;
const LEADING_WINDOW = 60;

/**
 * A full date (day, month and year) that opens the text, maybe in brackets and after a time of
 * day ("(1:56 pm on 8 May, 2023) …", "2023-05-08: …"): the day a journal-style note was
 * written, and where that date ends in the text.
 */
export function leadingDateSpan(text: string): { day: Day; end: number } | undefined {
	const head = text.slice(0, LEADING_WINDOW).toLowerCase();
	for (const { regex, resolve } of FULL_DATE_PATTERNS) {
		regex.lastIndex = 0;
		const match = regex.exec(head);
		if (match === null || !LEADING.test(head.slice(0, match.index))) continue;
		const range = resolve(match, undefined, "written");
		if (range !== undefined) return { day: range.start, end: match.index + match[0].length };
	}
	return undefined;
}

/**
 * The one period a short text names, as a question would ask it on `reference`: "March" (the
 * latest March begun by then), "summer", "March 2024", "2024-03", "2024-03-14", "2024", "last
 * week"; undefined when it names none, or more than one.
 */
export function namedPeriod(text: string, reference: Day): DayRange | undefined {
	const plain = text.trim().toLowerCase();
	const yearMonth = /^((?:19|20)\d{2})-(\d{2})$/.exec(plain);
	if (yearMonth) {
		const month = Number(yearMonth[2]);
		return month >= 1 && month <= 12 ? monthOf(Number(yearMonth[1]), month) : undefined;
	}
	const found = findTimes(plain, reference, "asked");
	// "summer", "May" and "2024" alone are read as a question would say them: "in summer".
	const times = found.length > 0 ? found : findTimes(`in ${plain}`, reference, "asked");
	return times.length === 1 ? times[0] : undefined;
}

/** The start of an ISO date or date-time (`2023-05-08`, `2023-05-08T10:00:00Z`), else undefined. */
export function isoDateDay(value: unknown): Day | undefined {
	const text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : undefined;
	const match = text === undefined ? null : /^((?:19|20)\d{2})-(\d{2})-(\d{2})/.exec(text.trim());
	return match ? validDay(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

const TIME_QUESTION =
	/\b(when|what (?:date|day|year|month|time)|which (?:date|day|year|month)|how long ago|how long has|since when)\b/i;

/** Whether a question asks for a time ("When did …", "What year …", "How long ago …"). */
export function asksWhen(question: string): boolean {
	return TIME_QUESTION.test(question);
}
