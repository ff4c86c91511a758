import { describe, expect, it } from "vitest";
import { cueWord } from "../../../src/core/cues/cue-words";
import type { CueTable, TabledCueRecord } from "../../../src/core/cues/cue-table";
import type { CueRecord } from "../../../src/core/cues/extract-cues";
import { dayOf } from "../../../src/core/time/calendar";
import { parseRecallSettings } from "../../../src/core/model/recall-settings";
import { RecallService, type RecallServiceDeps } from "../../../src/engine/recall/recall-service";
import { CueIndex } from "../../../src/engine/recall/cue-index";
import { parseNote } from "../../../src/core/parse/parse-note";
import { FILLER, indexedRecall } from "../../helpers/indexed-recall";

const holders = (recall: RecallService, word: string): string[] =>
	[...(recall.cues.memoriesOf(cueWord(word)) ?? [])].sort();

describe("the cue index follows the vault", () => {
	it("re-reads a changed note, moves a renamed one and drops a deleted one", async () => {
		const { vault, index, recall } = await indexedRecall({ "Trip.md": "Flights to Porto with Melanie." });
		expect(holders(recall, "Porto")).toEqual(["Trip.md"]);

		await index.apply(vault.write("Trip.md", "Flights to Lisbon with Melanie."));
		expect(holders(recall, "Porto")).toEqual([]);
		expect(holders(recall, "Lisbon")).toEqual(["Trip.md"]);

		await index.apply(vault.rename("Trip.md", "Travel/Lisbon trip.md"));
		expect(holders(recall, "Lisbon")).toEqual(["Travel/Lisbon trip.md"]);
		expect(recall.cues.cuesOf("Trip.md")).toBeUndefined();

		await index.apply(vault.delete("Travel/Lisbon trip.md"));
		expect(holders(recall, "Lisbon")).toEqual([]);
		expect(recall.cues.size).toBe(Object.keys(FILLER).length);
	});

	it("keeps the day a memory was written through a rename and drops it with the memory", async () => {
		const { vault, index, recall } = await indexedRecall({
			"Trip.md": "---\nmemory_created: 2023-05-08T10:00:00Z\n---\nFlights to Porto with Melanie.",
		});
		expect(recall.cues.writtenOn("Trip.md")).toBe(dayOf(2023, 5, 8));
		await index.apply(vault.rename("Trip.md", "Travel/Porto.md"));
		expect(recall.cues.writtenOn("Trip.md")).toBeUndefined();
		expect(recall.cues.writtenOn("Travel/Porto.md")).toBe(dayOf(2023, 5, 8));
		await index.apply(vault.delete("Travel/Porto.md"));
		expect([...recall.cues.dated()].map(([id]) => id)).not.toContain("Travel/Porto.md");
	});

	it("counts how many memories hold two cues together", async () => {
		const { recall } = await indexedRecall({
			"A.md": "Melanie painted a sunset in Sweden.",
			"B.md": "Melanie painted a lake.",
			"C.md": "A lake in Sweden.",
		});
		expect(recall.cues.cooccurrence(cueWord("Melanie"), cueWord("painted"))).toBe(2);
		expect(recall.cues.cooccurrence(cueWord("Sweden"), cueWord("lake"))).toBe(1);
		expect(recall.cues.cooccurrence(cueWord("Sweden"), "nothing")).toBe(0);
	});
});

describe("recall with the cue channel", () => {
	const notes = {
		"Puppy.md": "Melanie adopted a puppy named Oscar.",
		"Hose.md": "Oscar chewed the garden hose again.",
	};

	it("brings in a memory that shares a rare cue with a hit but none of the query's words", async () => {
		const { recall } = await indexedRecall(notes);
		const withCues = await recall.recall("Which puppy did Melanie adopt?", { mode: "keyword+graph", readOnly: true });
		expect(withCues.results.map((hit) => hit.path).slice(0, 2)).toEqual(["Puppy.md", "Hose.md"]);
		const keyword = await recall.recall("Which puppy did Melanie adopt?", { mode: "keyword", readOnly: true });
		expect(keyword.results.map((hit) => hit.path)).toEqual(["Puppy.md"]);
	});

	it("leaves recall as it was with the cue weight at 0", async () => {
		const settings = parseRecallSettings({ cues: { weight: 0 } });
		const { recall } = await indexedRecall(notes, { settings: () => settings });
		const result = await recall.recall("Which puppy did Melanie adopt?", { mode: "keyword+graph", readOnly: true });
		expect(result.results.map((hit) => hit.path)).toEqual(["Puppy.md"]);
	});

	it("resolves a question's relative time against the clock", async () => {
		const notes = {
			"Note 1.md": "(8 May, 2023) We went camping yesterday.",
			"Note 2.md": "(20 June, 2023) We went camping two days ago.",
		};
		const clock = () => Date.UTC(2023, 6, 10);
		const first = async (deps: RecallServiceDeps) => {
			const { recall } = await indexedRecall(notes, { clock, ...deps });
			const result = await recall.recall("camping last month", { mode: "keyword+graph", readOnly: true });
			return result.results[0]?.path;
		};
		expect(await first({})).toBe("Note 2.md");
		const noCues = parseRecallSettings({ cues: { weight: 0 } });
		expect(await first({ settings: () => noCues })).toBe("Note 1.md");
	});
});

describe("CueIndex holders", () => {
	const note = (text: string) => ({ content: text, parsed: parseNote(text) });
	const holdersOf = (cues: CueIndex, word: string) => [...(cues.memoriesOf(cueWord(word)) ?? [])];

	it("keeps a cue's memories in the order they took it, however many hold it and as they come and go", () => {
		const cues = new CueIndex();
		const ids = Array.from({ length: 40 }, (_, i) => `n${String(i).padStart(2, "0")}.md`);
		for (const id of [...ids].reverse()) cues.update(id, note("The lighthouse keeper wrote again."), "");
		const reversed = [...ids].reverse();
		expect(holdersOf(cues, "lighthouse")).toEqual(reversed);
		for (const id of ids.slice(0, 35)) cues.remove(id);
		expect(holdersOf(cues, "lighthouse")).toEqual(reversed.slice(0, 5));
		cues.update("n00.md", note("Another lighthouse."), "");
		cues.rename("n38.md", "moved.md");
		expect(holdersOf(cues, "lighthouse")).toEqual(["n39.md", "n37.md", "n36.md", "n35.md", "n00.md", "moved.md"]);
		for (const id of ["n39.md", "n37.md", "n36.md", "n35.md", "n00.md"]) cues.remove(id);
		expect(holdersOf(cues, "lighthouse")).toEqual(["moved.md"]);
		expect(cues.cooccurrence(cueWord("lighthouse"), cueWord("keeper"))).toBe(1);
		cues.remove("moved.md");
		expect(cues.memoriesOf(cueWord("lighthouse"))).toBeUndefined();
	});

	it("answers like one set per cue through thousands of sets, renames and removals, records given back as set", () => {
		const cues = new CueIndex();
		const model = new Map<string, CueRecord>();
		let seed = 7;
		const random = (n: number): number => {
			seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
			return seed % n;
		};
		const vocabulary = Array.from({ length: 30 }, (_, i) => `cue${i}`);
		const recordOf = (): CueRecord => {
			const held = [...new Set(Array.from({ length: 1 + random(8) }, () => vocabulary[random(vocabulary.length)]))];
			return {
				cues: held,
				names: held.filter((_, i) => i % 2 === 0),
				times: [],
				written: random(3) === 0 ? 19_000 : undefined,
			};
		};
		for (let step = 0; step < 4000; step++) {
			const id = `n${random(60)}.md`;
			const action = random(10);
			if (action < 6) {
				const record = recordOf();
				if (record.written === undefined) delete record.written;
				cues.set(id, record);
				model.delete(id);
				model.set(id, record);
			} else if (action < 8) {
				cues.remove(id);
				model.delete(id);
			} else {
				const to = `n${random(60)}.md`;
				const record = model.get(id);
				cues.rename(id, to);
				if (record && to !== id) {
					model.delete(id);
					model.delete(to);
					model.set(to, record);
				}
			}
		}
		for (const cue of vocabulary) {
			const expected = [...model].filter(([, record]) => record.cues.includes(cue)).map(([id]) => id);
			const held = cues.memoriesOf(cue);
			expect([...(held ?? [])].sort()).toEqual(expected.sort());
			expect(held?.size ?? 0).toBe(expected.length);
		}
		expect([...cues.ids()].sort()).toEqual([...model.keys()].sort());
		for (const [id, record] of model) expect(cues.recordOf(id)).toEqual(record);
	});

	it("takes records of numbers into a cue table exactly as the same records of strings, through cues freed and reused", () => {
		const vocabulary = Array.from({ length: 120 }, (_, i) => `cue${i}`);
		const texts: string[] = [];
		const table: CueTable = {
			size: vocabulary.length,
			references: new Uint32Array(40_000),
			// Room for 5 holders of each cue: lists made that long at once, then grown past it.
			holders: new Uint32Array(120).fill(5),
			text: (cue) => {
				texts.push(vocabulary[cue]);
				return `${vocabulary[cue]}`;
			},
		};
		let seed = 11;
		const random = (n: number): number => {
			seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
			return Math.floor((seed / 2_147_483_648) * n);
		};
		let used = 0;
		const tabledOf = (offCueNames: boolean): { tabled: TabledCueRecord; strings: CueRecord } => {
			const cues = [...new Set(Array.from({ length: 1 + random(6) }, () => random(vocabulary.length)))];
			// A name among the cues, and now and then one that is not (left out, as from strings).
			const names = cues
				.filter((_, i) => i % 2 === 0)
				.concat(offCueNames && random(4) === 0 ? [random(vocabulary.length)] : []);
			const first = used;
			for (const cue of [...cues, ...names]) table.references[used++] = cue;
			const strings = { cues: cues.map((c) => vocabulary[c]), names: names.map((c) => vocabulary[c]), times: [] };
			return { tabled: { table, first, cues: cues.length, names: names.length, times: [] }, strings };
		};
		const fromTable = new CueIndex();
		const fromStrings = new CueIndex();
		for (let i = 0; i < 300; i++) {
			const { tabled, strings } = tabledOf(false);
			fromTable.set(`first${i}.md`, tabled);
			fromStrings.set(`first${i}.md`, strings);
		}
		// Nothing freed yet: each number was looked up once.
		expect(texts.length).toBe(new Set(texts).size);
		expect(texts.length).toBeGreaterThan(vocabulary.length / 2);
		for (let i = 0; i < 300; i += 2) {
			fromTable.remove(`first${i}.md`);
			fromStrings.remove(`first${i}.md`);
		}
		for (let step = 0; step < 2000; step++) {
			const id = random(2) === 0 ? `n${random(20)}.md` : `first${random(300)}.md`;
			if (random(4) === 0) {
				fromTable.remove(id);
				fromStrings.remove(id);
			} else {
				const { tabled, strings } = tabledOf(true);
				fromTable.set(id, tabled);
				fromStrings.set(id, strings);
			}
		}
		expect([...fromTable.ids()]).toEqual([...fromStrings.ids()]);
		for (const id of fromStrings.ids()) expect(fromTable.recordOf(id)).toEqual(fromStrings.recordOf(id));
		for (const cue of vocabulary)
			expect([...(fromTable.memoriesOf(cue) ?? [])]).toEqual([...(fromStrings.memoriesOf(cue) ?? [])]);
	});

	it("keeps every memory's record through pages filled, emptied and compacted (a rebuild sets every memory again)", () => {
		const cues = new CueIndex();
		const recordOf = (i: number, round: number): CueRecord => {
			const held = Array.from({ length: 12 }, (_, k) => `cue${(i * 7 + k * 13 + round) % 500}`);
			return { cues: [...new Set(held)], names: [`cue${(i * 7 + round) % 500}`], times: [] };
		};
		const ids = Array.from({ length: 9000 }, (_, i) => `n${i}.md`);
		for (const [i, id] of ids.entries()) cues.set(id, recordOf(i, 0));
		for (const [i, id] of ids.entries()) if (i % 3 === 0) cues.remove(id);
		for (let round = 1; round <= 2; round++)
			for (const [i, id] of ids.entries()) if (i % 3 !== 0) cues.set(id, recordOf(i, round));
		expect(cues.size).toBe(6000);
		for (const [i, id] of ids.entries()) expect(cues.recordOf(id)).toEqual(i % 3 === 0 ? undefined : recordOf(i, 2));
		expect(cues.memoriesOf("cue2")?.size).toBe(
			ids.filter((_, i) => i % 3 !== 0 && recordOf(i, 2).cues.includes("cue2")).length,
		);
	});
});
