import { describe, expect, it } from "vitest";
import type { KeywordDocument } from "../../../../src/core/recall/keyword/keyword-document";
import { KEYWORD_FIELDS, KeywordIndex } from "../../../../src/core/recall/keyword/keyword-index";
import {
	CHUNK_HEADER,
	FIELD_BITS,
	KeywordPostings,
	NO_CHUNK,
	PAGE_BITS,
	PAGE_MASK,
} from "../../../../src/core/recall/keyword/keyword-postings";
import { expectScoresLikeMiniSearch, ORACLE_SETTINGS } from "./keyword-oracle";

/** A pronounceable word per number, so the tokenizer keeps each as one term. */
function word(n: number): string {
	const letters = "bdfgklmnprstvz";
	const vowels = "aeiou";
	let out = "";
	for (let rest = n; out.length < 6; rest = Math.floor(rest / 70))
		out += letters[rest % 14] + vowels[Math.floor(rest / 14) % 5];
	return out;
}

function note(path: string, round: number, i: number): KeywordDocument {
	const body = Array.from({ length: 80 }, (_, j) => word(((i * 37 + j * 11 + round * 101) % 3000) + 1)).join(" ");
	return { id: path, title: `note ${word(i)}`, aliases: [], headings: [], tags: [], body };
}

/** Each term's postings of live notes, in chain order, as `path field tf`. */
function livePostings(index: KeywordIndex): Map<string, string[]> {
	const postings = index.postings;
	const pathOf = new Map([...index.notes()].map((entry) => [entry.doc, entry.path]));
	const byTerm = new Map<string, string[]>();
	for (const [term, id] of postings.terms) {
		const list: string[] = [];
		for (let address = postings.head[id]; address !== NO_CHUNK;) {
			const page = postings.docFieldPages[address >>> PAGE_BITS];
			const start = (address & PAGE_MASK) + CHUNK_HEADER;
			const next = page[start - 1];
			const used = next === NO_CHUNK ? postings.tailUsed[id] : page[start - CHUNK_HEADER];
			for (let i = start; i < start + used; i++) {
				const doc = page[i] >>> FIELD_BITS;
				if (postings.live[doc] === 1)
					list.push(`${pathOf.get(doc)} ${page[i] & 7} ${postings.tfPages[address >>> PAGE_BITS][i]}`);
			}
			address = next;
		}
		if (list.length > 0) byTerm.set(term, list);
	}
	return byTerm;
}

const slots = (index: KeywordIndex): number => index.postings.docFieldPages.reduce((sum, page) => sum + page.length, 0);

describe("keyword postings compaction", () => {
	it("compacts in small steps while notes change, and ends with what a compaction in one go gives", () => {
		const stepped = new KeywordIndex(ORACLE_SETTINGS, new KeywordPostings(KEYWORD_FIELDS.length, 512));
		const oneGo = new KeywordIndex(ORACLE_SETTINGS);
		const notes = new Map<string, KeywordDocument>();
		const both = (change: (index: KeywordIndex) => void) => {
			change(stepped);
			change(oneGo);
		};
		for (let i = 0; i < 60; i++) {
			notes.set(`n${i}.md`, note(`n${i}.md`, 0, i));
			both((index) => index.add(note(`n${i}.md`, 0, i)));
		}
		// Replacing most notes leaves more discarded postings than live ones: a compaction begins.
		for (let i = 0; oneGo.postings.deadPostings > 0 || i === 0; i++) {
			notes.set(`n${i}.md`, note(`n${i}.md`, 1, i));
			both((index) => index.replace(note(`n${i}.md`, 1, i)));
			expect(i).toBeLessThan(60);
		}
		expect(oneGo.postings.compacting).toBe(false);
		expect(stepped.postings.compacting).toBe(true);
		const slotsBefore = slots(stepped);
		// Edits keep coming while it runs: each takes one step.
		let edits = 0;
		for (; stepped.postings.compacting; edits++) {
			const i = edits % 60;
			if (edits % 10 === 0) expectScoresLikeMiniSearch(stepped, notes, [word(1), word(12), "note"]);
			if (edits % 7 === 3) {
				notes.delete(`n${i}.md`);
				both((index) => index.remove(`n${i}.md`));
			} else {
				notes.set(`n${i}.md`, note(`n${i}.md`, 2 + edits, i));
				both((index) => index.replace(note(`n${i}.md`, 2 + edits, i)));
			}
			expect(edits).toBeLessThan(2_000);
		}
		expect(edits).toBeGreaterThan(20);
		expect(livePostings(stepped)).toEqual(livePostings(oneGo));
		for (const query of [word(1), word(12), word(500), word(2999), "note", `${word(7)} ${word(8)}`])
			expect(stepped.match(query)).toEqual(oneGo.match(query));
		expectScoresLikeMiniSearch(stepped, notes, [word(1), word(12), word(500), "note"]);
		// The pages of before were let go.
		expect(slots(stepped)).toBeLessThan(slotsBefore);
		expect(stepped.postings.postingCount - stepped.postings.deadPostings).toBe(
			oneGo.postings.postingCount - oneGo.postings.deadPostings,
		);
		// Terms left without postings were dropped; compacting both now leaves the same terms.
		both((index) => index.postings.compact());
		expect([...stepped.postings.terms.keys()].sort()).toEqual([...oneGo.postings.terms.keys()].sort());
		expect(livePostings(stepped)).toEqual(livePostings(oneGo));
	});

	it("finishes a running compaction in one go when asked", () => {
		const index = new KeywordIndex(ORACLE_SETTINGS, new KeywordPostings(KEYWORD_FIELDS.length, 512));
		for (let i = 0; i < 60; i++) index.add(note(`n${i}.md`, 0, i));
		for (let i = 0; !index.postings.compacting; i++) {
			index.replace(note(`n${i}.md`, 1, i));
			expect(i).toBeLessThan(60);
		}
		index.postings.compact();
		expect(index.postings.compacting).toBe(false);
		expect(index.postings.deadPostings).toBe(0);
		expect(index.postings.postingCount).toBe([...livePostings(index).values()].reduce((n, list) => n + list.length, 0));
	});

	it("opens a new page after one filled to the last slot", () => {
		const postings = new KeywordPostings(KEYWORD_FIELDS.length);
		postings.reserveTerms(2);
		const full = (1 << PAGE_BITS) - CHUNK_HEADER;
		postings.writeTerm(0, new Int32Array(full).fill(1 << FIELD_BITS), new Uint8Array(full).fill(1));
		postings.writeTerm(1, [2 << FIELD_BITS], [3]);
		expect(postings.docFieldPages.map((page) => page.length)).toEqual([1 << PAGE_BITS, 4096]);
		expect(postings.head[1] >>> PAGE_BITS).toBe(1);
		expect(postings.fieldFrequency(0, 0)).toBe(full);
		expect(postings.postingCount).toBe(full + 1);
	});
});
