import { isoDay, overlaps, type DayRange } from "../time/calendar";
import type { ChannelHits } from "./related-ranking";

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
 * walk visits at most 48 short holder lists. `display` turns a cue (a stem) back into a word for
 * the reasons. A generator of small steps (one cue's holders, one candidate's days) for a
 * TimeSlicer; returns the hits, whose reasons are worked out only when asked.
 */
export function* cueChannelStepwise(
	source: RelatedCueSource,
	id: string,
	display: (cue: string) => string = (cue) => cue,
): Generator<void, ChannelHits> {
	const cues = source.cuesOf(id) ?? [];
	const names = new Set(source.namesOf(id) ?? []);
	const common = Math.max(MIN_COMMON_CUE_HOLDERS, COMMON_CUE_SHARE * source.size);
	const telling: string[] = [];
	const scores = new Map<string, number>();
	let total = 0;
	for (const cue of cues) {
		const holders = source.holderCount(cue);
		if (holders === 0) continue;
		const idf = Math.log(1 + source.size / holders);
		total += idf;
		if (holders > common) continue;
		telling.push(cue);
		source.forEachHolder(cue, (holder) => {
			const other = source.memoryAt(holder);
			if (other !== id) scores.set(other, (scores.get(other) ?? 0) + idf);
		});
		yield;
	}
	for (const [other, weight] of scores) {
		scores.set(other, total === 0 ? 0 : weight / total);
		yield;
	}
	// Speaking of the same days adds to a memory that shares cues; on its own it relates nothing.
	const times = source.timesOf(id) ?? [];
	const sameTime = (other: string): DayRange | undefined =>
		source.timesOf(other)?.find((candidate) => times.some((own) => overlaps(own, candidate)));
	if (times.length > 0) {
		for (const [other, score] of scores) {
			yield;
			if (sameTime(other)) scores.set(other, score + SAME_TIME_BONUS);
		}
	}
	return {
		scores,
		reason: (other) => {
			const held = new Set(source.cuesOf(other) ?? []);
			const sharedNames: string[] = [];
			const sharedTopics: string[] = [];
			for (const cue of telling) {
				if (!held.has(cue)) continue;
				const kept = names.has(cue) ? sharedNames : sharedTopics;
				if (kept.length < KEPT_CUES) kept.push(cue);
			}
			const range = times.length > 0 ? sameTime(other) : undefined;
			const when = range && `${isoDay(range.start)}${range.end === range.start ? "" : ` to ${isoDay(range.end)}`}`;
			return cueReason(sharedNames, sharedTopics, display) + (when ? `; same time: ${when}` : "");
		},
	};
}

/** "shares names: Maya Okafor; topics: migration": a cue inside a longer shared one ("maya" in "maya okafor") is not repeated. */
function cueReason(sharedNames: string[], sharedTopics: string[], display: (cue: string) => string): string {
	const covered = new Set(sharedNames.flatMap((name) => (name.includes(" ") ? name.split(" ") : [])));
	const names = sharedNames.filter((name) => !covered.has(name));
	const topics = sharedTopics.filter((topic) => !covered.has(topic) && !names.includes(topic));
	const parts: string[] = [];
	if (names.length > 0) parts.push(`names: ${names.slice(0, REASON_CUES).map(display).join(", ")}`);
	if (topics.length > 0) parts.push(`topics: ${topics.slice(0, REASON_CUES).map(display).join(", ")}`);
	return parts.length > 0 ? `shares ${parts.join("; ")}` : "shares cues";
}
