import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cueHits, type CueHit, type CueQuery } from "../../../src/core/cues/cue-recall";
import { CueScratch } from "../../../src/core/cues/cue-scratch";
import type { CueRecord } from "../../../src/core/cues/extract-cues";
import { parseRecallSettings } from "../../../src/core/model/recall-settings";
import type { CueSettings } from "../../../src/core/model/recall-settings";
import { overlaps, type DayRange } from "../../../src/core/time/calendar";
import { CueIndex } from "../../../src/engine/recall/cue-index";

/**
 * The cue channel as it was written before its scores went into typed arrays: a Map of every
 * memory reached and a sort of them all, read through the index's string API. `cueHits` must
 * give exactly these hits, scores to the last bit and ties in the same order.
 */
function referenceHits(index: CueIndex, query: CueQuery, settings: CueSettings, limit: number): CueHit[] {
	const total = index.size;
	if (total === 0) return [];
	const rarity = (count: number): number => Math.log(1 + total / count);
	const maxCount = Math.max(2, Math.floor(settings.maxShare * total));
	const collected = new Map<string, number>();
	let possible = 0;
	for (const cue of query.cues) {
		const holders = index.memoriesOf(cue);
		if (!holders || holders.size === 0 || holders.size > maxCount) continue;
		const weight = rarity(holders.size);
		possible += weight;
		for (const id of holders) collected.set(id, (collected.get(id) ?? 0) + weight);
	}
	if (query.times.length > 0 && settings.timeWeight > 0) {
		const within = new Set<string>();
		for (const [id, times] of index.timed())
			if (times.some((time) => query.times.some((range) => overlaps(time, range)))) within.add(id);
		for (const [id, day] of index.dated())
			if (query.times.some((range) => range.start <= day && day <= range.end)) within.add(id);
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
		for (const [id, sum] of collected) if ((index.timesOf(id)?.length ?? 0) > 0) collected.set(id, sum + weight);
	}
	const byScore = (a: CueHit, b: CueHit): number => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
	const direct = [...collected].map(([id, sum]) => ({ id, score: Math.min(1, sum / possible) }));
	direct.sort(byScore);
	const scores = new Map(direct.map((hit) => [hit.id, hit.score]));
	const asked = new Set(query.cues);
	const top = Math.log(1 + index.size);
	if (settings.spread > 0)
		for (const seed of direct.slice(0, settings.spreadSeeds))
			for (const cue of index.namesOf(seed.id) ?? []) {
				if (asked.has(cue)) continue;
				const holders = index.memoriesOf(cue);
				if (!holders || holders.size < 2 || holders.size > settings.maxCueFanOut) continue;
				const passed = seed.score * settings.spread * (Math.log(1 + index.size / holders.size) / top);
				for (const id of holders) {
					if (id === seed.id) continue;
					scores.set(id, 1 - (1 - (scores.get(id) ?? 0)) * (1 - passed));
				}
			}
	return [...scores]
		.map(([id, score]) => ({ id, score }))
		.sort(byScore)
		.slice(0, limit);
}

const WORDS = ["ada", "lake", "oscar", "porto", "sweden", "pottery", "camp", "garden"];
const range: fc.Arbitrary<DayRange> = fc
	.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 }))
	.map(([start, length]) => ({ start, end: start + length }));
const record: fc.Arbitrary<CueRecord> = fc
	.record({
		cues: fc.uniqueArray(fc.constantFrom(...WORDS), { maxLength: 5 }),
		names: fc.array(fc.nat(4), { maxLength: 3 }),
		times: fc.array(range, { maxLength: 2 }),
		written: fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
	})
	.map(({ cues, names, times, written }) => ({
		cues,
		names: [...new Set(names.filter((i) => i < cues.length).map((i) => cues[i]))],
		times,
		...(written === undefined ? {} : { written }),
	}));
/** Notes set (some twice, so holder numbers outrun the notes) and removed, as a rebuild and edits do. */
const operations = fc.array(
	fc.tuple(fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h"), fc.option(record, { nil: null })),
	{ minLength: 1, maxLength: 40 },
);
const query: fc.Arbitrary<CueQuery> = fc.record({
	cues: fc.uniqueArray(fc.constantFrom(...WORDS, "absent"), { maxLength: 4 }),
	times: fc.array(range, { maxLength: 2 }),
	asksWhen: fc.boolean(),
});
const settings: fc.Arbitrary<CueSettings> = fc
	.record({
		maxShare: fc.constantFrom(0.01, 0.3, 1),
		timeWeight: fc.constantFrom(0, 2),
		whenWeight: fc.constantFrom(0, 0.5),
		spread: fc.constantFrom(0, 0.3, 1),
		spreadSeeds: fc.constantFrom(0, 1, 3, 10),
		maxCueFanOut: fc.constantFrom(2, 3, 30),
	})
	.map((cues) => parseRecallSettings({ cues }).cues);

describe("cueHits against the Map-based reference", () => {
	it("gives the same hits, scores and order, with one scratch reused across queries", () => {
		const scratch = new CueScratch();
		fc.assert(
			fc.property(
				operations,
				fc.array(fc.tuple(query, settings, fc.integer({ min: 0, max: 10 })), { minLength: 1, maxLength: 4 }),
				(ops, asks) => {
					const index = new CueIndex();
					for (const [id, cues] of ops) {
						if (cues === null) index.remove(id);
						else index.set(id, cues);
					}
					for (const [asked, cueSettings, limit] of asks)
						expect(cueHits(index, asked, cueSettings, limit, scratch)).toEqual(
							referenceHits(index, asked, cueSettings, limit),
						);
				},
			),
			{ numRuns: 400 },
		);
	});
});
