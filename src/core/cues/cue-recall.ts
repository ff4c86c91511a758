import type { CueSettings } from "../model/recall-settings";
import { overlaps, type Day, type DayRange } from "../time/calendar";
import { asksWhen, findTimes } from "../time/time-expressions";
import { CueScratch } from "./cue-scratch";
import { textCues } from "./cue-words";

/**
 * What cue recall reads of the cue index. Memories are read as holder numbers, each standing for
 * one memory while it keeps its cues, so a query's scores go in reused typed arrays
 * (`CueScratch`) and not in a Map and an object per memory reached.
 */
export interface CueLookup {
	/** How many memories have cues. */
	readonly size: number;
	/** Every holder number is below this. */
	readonly holderSpace: number;
	/** How many memories hold the cue; 0 for a cue no memory holds. */
	holderCount(cue: string): number;
	/** Calls `visit` with the holder number of each memory that holds the cue, each once. */
	forEachHolder(cue: string, visit: (holder: number) => void): void;
	/** The memory a holder number given by this lookup stands for. */
	memoryAt(holder: number): string;
	/** The cues of a memory that name something: activation spreads through these. */
	namesOf(id: string): readonly string[] | undefined;
	timesOf(id: string): readonly DayRange[] | undefined;
	/** The holder number of a memory the lookup holds. */
	holderOf(id: string): number;
	/** Each memory that speaks of a time, with its times. */
	forEachTimed(visit: (id: string, times: readonly DayRange[]) => void): void;
	/** Each memory whose day of writing is known, with that day. */
	forEachDated(visit: (id: string, day: Day) => void): void;
}

export interface CueQuery {
	cues: string[];
	/**
	 * The times the question names ("in May 2023", "last summer"), resolved against today; a month
	 * or season without a year is the latest one begun by today ("in March", "in the summer").
	 */
	times: DayRange[];
	/** The question asks for a time ("When did …"). */
	asksWhen: boolean;
}

export interface CueHit {
	id: string;
	/** In [0, 1]: the idf-weighted share of the query's cues the memory holds, plus what spread to it. */
	score: number;
}

export function cueQuery(question: string, today?: Day): CueQuery {
	const cues = new Set<string>();
	textCues(question, cues);
	return { cues: [...cues], times: findTimes(question, today, "asked"), asksWhen: asksWhen(question) };
}

/**
 * The cue channel of recall. Every query cue held by at most `maxShare` of the memories (or two)
 * seeds the memories that hold it with its rarity, ln(1 + N / df); a time the question names
 * seeds the memories whose times overlap it, or that were written in it, the same way (×
 * `timeWeight`); a "when" question lifts matched memories that speak of a time (× `whenWeight`).
 * A memory's score is the share of the query's weight it collected. Then activation spreads through cues: each of the
 * `spreadSeeds` best memories passes `spread` × its score, scaled by the rarity of the cue, to
 * the other memories that share one of the rare names among its cues (capitalised words and
 * phrases, tags, aliases, link texts held by at most `maxCueFanOut`), combined
 * as a noisy-OR. Best first. `inTime`, when given, receives every memory within a time the
 * question names (whatever its rank), for the query-coverage counts of recall.
 */
export function cueHits(
	lookup: CueLookup,
	query: CueQuery,
	settings: CueSettings,
	limit: number,
	scratch = new CueScratch(),
	inTime?: Set<string>,
): CueHit[] {
	const total = lookup.size;
	if (total === 0) return [];
	const rarity = (count: number): number => Math.log(1 + total / count);
	// In a small vault a share rounds to almost nothing: a cue two memories share still counts.
	const maxCount = Math.max(2, Math.floor(settings.maxShare * total));
	scratch.begin(lookup.holderSpace);
	let possible = 0;
	let weight = 0;
	const collect = (holder: number): void => scratch.add(holder, weight);
	for (const cue of query.cues) {
		const count = lookup.holderCount(cue);
		if (count === 0 || count > maxCount) continue;
		weight = rarity(count);
		possible += weight;
		lookup.forEachHolder(cue, collect);
	}
	if (query.times.length > 0 && settings.timeWeight > 0) {
		const within = markWithin(lookup, query.times, scratch);
		if (within > 0) {
			weight = settings.timeWeight * rarity(within);
			possible += weight;
			for (let i = 0; i < scratch.reached; i++) {
				const holder = scratch.holderAt(i);
				if (!scratch.isWithin(holder)) continue;
				scratch.add(holder, weight);
				inTime?.add(lookup.memoryAt(holder));
			}
		}
	}
	if (possible === 0) return [];
	if (query.asksWhen && settings.whenWeight > 0) {
		weight = settings.whenWeight * (possible / Math.max(1, query.cues.length));
		possible += weight;
		for (let i = 0; i < scratch.reached; i++) {
			const holder = scratch.holderAt(i);
			if ((lookup.timesOf(lookup.memoryAt(holder))?.length ?? 0) > 0) scratch.add(holder, weight);
		}
	}
	for (let i = 0; i < scratch.reached; i++) {
		const holder = scratch.holderAt(i);
		scratch.setScore(holder, Math.min(1, scratch.score(holder) / possible));
	}
	const memoryAt = (holder: number): string => lookup.memoryAt(holder);
	if (settings.spread > 0) {
		const seeds = scratch.best(settings.spreadSeeds, memoryAt);
		spreadThroughCues(lookup, seeds, query, settings, scratch);
	}
	return scratch.best(limit, memoryAt).map((holder) => ({ id: lookup.memoryAt(holder), score: scratch.score(holder) }));
}

/**
 * Marks the memories a time the question names is about: those that speak of a day in it, and
 * those written in it ("what did I say on 8 May" is about what was written that day as much as
 * about what happened then). Returns how many.
 */
function markWithin(lookup: CueLookup, asked: readonly DayRange[], scratch: CueScratch): number {
	let within = 0;
	lookup.forEachTimed((id, times) => {
		if (times.some((time) => asked.some((range) => overlaps(time, range))) && scratch.markWithin(lookup.holderOf(id)))
			within++;
	});
	lookup.forEachDated((id, day) => {
		if (asked.some((range) => range.start <= day && day <= range.end) && scratch.markWithin(lookup.holderOf(id)))
			within++;
	});
	return within;
}

/** Each seed passes a share of its score (its score before any spreading) to the other holders of its rare names. */
function spreadThroughCues(
	lookup: CueLookup,
	seeds: readonly number[],
	query: CueQuery,
	settings: CueSettings,
	scratch: CueScratch,
): void {
	const asked = new Set(query.cues);
	const top = Math.log(1 + lookup.size);
	const seedScores = seeds.map((seed) => scratch.score(seed));
	let seed = -1;
	let passed = 0;
	const pass = (holder: number): void => {
		if (holder !== seed) scratch.setScore(holder, 1 - (1 - scratch.score(holder)) * (1 - passed));
	};
	seeds.forEach((holder, i) => {
		seed = holder;
		for (const cue of lookup.namesOf(lookup.memoryAt(holder)) ?? []) {
			if (asked.has(cue)) continue;
			const count = lookup.holderCount(cue);
			if (count < 2 || count > settings.maxCueFanOut) continue;
			passed = seedScores[i] * settings.spread * (Math.log(1 + lookup.size / count) / top);
			lookup.forEachHolder(cue, pass);
		}
	});
}
