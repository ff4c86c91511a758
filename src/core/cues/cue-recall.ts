import type { CueSettings } from "../model/recall-settings";
import { overlaps, type Day, type DayRange } from "../time/calendar";
import { asksWhen, findTimes } from "../time/time-expressions";
import { textCues } from "./cue-words";

/** The memories that hold one cue: how many, and each once. */
export interface CueHolderList extends Iterable<string> {
	readonly size: number;
}

/** What cue recall reads of the cue index. */
export interface CueLookup {
	/** How many memories have cues. */
	readonly size: number;
	memoriesOf(cue: string): CueHolderList | undefined;
	/** The cues of a memory that name something: activation spreads through these. */
	namesOf(id: string): readonly string[] | undefined;
	timesOf(id: string): readonly DayRange[] | undefined;
	/** Every memory that speaks of a time, with its times. */
	timed(): Iterable<[string, readonly DayRange[]]>;
	/** Every memory whose day of writing is known, with that day. */
	dated(): Iterable<[string, Day]>;
}

export interface CueQuery {
	cues: string[];
	/** The times the question names ("in May 2023", "last summer"), resolved against today. */
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
	return { cues: [...cues], times: findTimes(question, today), asksWhen: asksWhen(question) };
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
 * as a noisy-OR. Best first.
 */
export function cueHits(lookup: CueLookup, query: CueQuery, settings: CueSettings, limit: number): CueHit[] {
	const total = lookup.size;
	if (total === 0) return [];
	const rarity = (count: number): number => Math.log(1 + total / count);
	// In a small vault a share rounds to almost nothing: a cue two memories share still counts.
	const maxCount = Math.max(2, Math.floor(settings.maxShare * total));
	const collected = new Map<string, number>();
	let possible = 0;
	for (const cue of query.cues) {
		const holders = lookup.memoriesOf(cue);
		if (!holders || holders.size === 0 || holders.size > maxCount) continue;
		const weight = rarity(holders.size);
		possible += weight;
		for (const id of holders) collected.set(id, (collected.get(id) ?? 0) + weight);
	}
	if (query.times.length > 0 && settings.timeWeight > 0) {
		const within = memoriesWithin(lookup, query.times);
		if (within.size > 0) {
			const weight = settings.timeWeight * rarity(within.size);
			possible += weight;
			for (const id of within) collected.set(id, (collected.get(id) ?? 0) + weight);
		}
	}
	if (possible === 0) return [];
	if (query.asksWhen && settings.whenWeight > 0) {
		const weight = settings.whenWeight * (possible / Math.max(1, query.cues.length));
		possible += weight;
		for (const [id, sum] of collected) if ((lookup.timesOf(id)?.length ?? 0) > 0) collected.set(id, sum + weight);
	}
	const direct = [...collected].map(([id, sum]) => ({ id, score: Math.min(1, sum / possible) }));
	direct.sort(byScore);
	const scores = new Map(direct.map((hit) => [hit.id, hit.score]));
	if (settings.spread > 0) spreadThroughCues(lookup, direct.slice(0, settings.spreadSeeds), query, settings, scores);
	const hits = [...scores].map(([id, score]) => ({ id, score }));
	hits.sort(byScore);
	return hits.slice(0, limit);
}

/**
 * The memories a time the question names is about: those that speak of a day in it, and those
 * written in it ("what did I say on 8 May" is about what was written that day as much as about
 * what happened then).
 */
function memoriesWithin(lookup: CueLookup, asked: readonly DayRange[]): Set<string> {
	const within = new Set<string>();
	for (const [id, times] of lookup.timed())
		if (times.some((time) => asked.some((range) => overlaps(time, range)))) within.add(id);
	for (const [id, day] of lookup.dated())
		if (asked.some((range) => range.start <= day && day <= range.end)) within.add(id);
	return within;
}

function spreadThroughCues(
	lookup: CueLookup,
	seeds: readonly CueHit[],
	query: CueQuery,
	settings: CueSettings,
	scores: Map<string, number>,
): void {
	const asked = new Set(query.cues);
	const top = Math.log(1 + lookup.size);
	for (const seed of seeds) {
		for (const cue of lookup.namesOf(seed.id) ?? []) {
			if (asked.has(cue)) continue;
			const holders = lookup.memoriesOf(cue);
			if (!holders || holders.size < 2 || holders.size > settings.maxCueFanOut) continue;
			const passed = seed.score * settings.spread * (Math.log(1 + lookup.size / holders.size) / top);
			for (const id of holders) {
				if (id === seed.id) continue;
				const had = scores.get(id) ?? 0;
				scores.set(id, 1 - (1 - had) * (1 - passed));
			}
		}
	}
}

function byScore(a: CueHit, b: CueHit): number {
	return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
