import { isoDay, overlaps, type DayRange } from "../time/calendar";
import type { ChannelHit } from "./related-ranking";

/** What the cue channel reads of the cue index (CueIndex). */
export interface RelatedCueSource {
	readonly size: number;
	cuesOf(id: string): readonly string[] | undefined;
	namesOf(id: string): readonly string[] | undefined;
	holderCount(cue: string): number;
	forEachHolder(cue: string, visit: (holder: number) => void): void;
	memoryAt(holder: number): string;
	timesOf(id: string): readonly DayRange[] | undefined;
}

/** A cue held by more than this share of the memories says nothing about a pair (and its list is long to walk). */
const COMMON_CUE_SHARE = 0.02;
/** …but in a small vault a cue held by this many is still telling. */
const MIN_COMMON_CUE_HOLDERS = 50;
/** What speaking of the same days adds to the cue score. */
const SAME_TIME_BONUS = 0.2;
/** Cues named in a reason. */
const REASON_CUES = 3;
/** Shared cues kept per candidate for its reason (a longer one may cover shorter ones). */
const KEPT_CUES = 8;

/**
 * Memories sharing cues with `id`: the idf-weighted share of its cues they hold (names, tags,
 * aliases, link texts, topic words), plus SAME_TIME_BONUS when they also speak of overlapping
 * days. Bounded: cues held by more than COMMON_CUE_SHARE of the vault are skipped, so a note's
 * walk visits at most 48 short holder lists. `display` turns a cue (a
 * stem) back into a word for the reasons. A generator of small steps (one cue's holders, one
 * candidate's reason) for a TimeSlicer; returns the hits.
 */
export function* cueChannelStepwise(
	source: RelatedCueSource,
	id: string,
	display: (cue: string) => string = (cue) => cue,
): Generator<void, Map<string, ChannelHit>> {
	const hits = new Map<string, ChannelHit>();
	const cues = source.cuesOf(id) ?? [];
	const names = new Set(source.namesOf(id) ?? []);
	const common = Math.max(MIN_COMMON_CUE_HOLDERS, COMMON_CUE_SHARE * source.size);
	const shared = new Map<string, { weight: number; names: string[]; topics: string[] }>();
	let total = 0;
	for (const cue of cues) {
		const holders = source.holderCount(cue);
		if (holders === 0) continue;
		const idf = Math.log(1 + source.size / holders);
		total += idf;
		if (holders > common) continue;
		source.forEachHolder(cue, (holder) => {
			const other = source.memoryAt(holder);
			if (other === id) return;
			let entry = shared.get(other);
			if (!entry) shared.set(other, (entry = { weight: 0, names: [], topics: [] }));
			entry.weight += idf;
			const kept = names.has(cue) ? entry.names : entry.topics;
			if (kept.length < KEPT_CUES) kept.push(cue);
		});
		yield;
	}
	for (const [other, entry] of shared) {
		// "maya okafor" says what "maya" and "okafor" would: a cue inside a longer shared one is not repeated.
		const covered = new Set(entry.names.flatMap((name) => (name.includes(" ") ? name.split(" ") : [])));
		const names = entry.names.filter((name) => !covered.has(name));
		const topics = entry.topics.filter((topic) => !covered.has(topic) && !names.includes(topic));
		const parts: string[] = [];
		if (names.length > 0) parts.push(`names: ${names.slice(0, REASON_CUES).map(display).join(", ")}`);
		if (topics.length > 0) parts.push(`topics: ${topics.slice(0, REASON_CUES).map(display).join(", ")}`);
		const reason = parts.length > 0 ? `shares ${parts.join("; ")}` : "shares cues";
		hits.set(other, { score: total === 0 ? 0 : entry.weight / total, reason });
		yield;
	}
	// Speaking of the same days adds to a memory that shares cues; on its own it relates nothing.
	const times = source.timesOf(id);
	if (times && times.length > 0) {
		for (const [other, hit] of hits) {
			yield;
			const range = source.timesOf(other)?.find((candidate) => times.some((own) => overlaps(own, candidate)));
			if (!range) continue;
			const when = `${isoDay(range.start)}${range.end === range.start ? "" : ` to ${isoDay(range.end)}`}`;
			hits.set(other, { score: hit.score + SAME_TIME_BONUS, reason: `${hit.reason}; same time: ${when}` });
		}
	}
	return hits;
}
