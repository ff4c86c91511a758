import { describe, expect, it } from "vitest";
import type { KeywordDocument } from "../../../../src/core/recall/keyword/keyword-document";
import { KeywordIndex } from "../../../../src/core/recall/keyword/keyword-index";
import { expectScoresLikeMiniSearch, ORACLE_SETTINGS } from "./keyword-oracle";

function doc(id: string, fields: Partial<Omit<KeywordDocument, "id">> = {}): KeywordDocument {
	return { id, title: id.replace(/\.md$/, ""), aliases: [], headings: [], tags: [], body: "", ...fields };
}

function ids(index: KeywordIndex, query: string): string[] {
	return index.match(query).map((hit) => hit.id);
}

describe("KeywordIndex", () => {
	it("finds notes by body words and reports the matched terms and fields", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "The budget grew in March." }));
		index.add(doc("b.md", { body: "Latency dropped." }));
		const [hit, ...rest] = index.match("budget march", { withFields: true });
		expect(rest).toEqual([]);
		expect(hit.id).toBe("a.md");
		expect(hit.terms.sort()).toEqual(["budget", "march"]);
		expect(hit.fields).toEqual({ budget: ["body"], march: ["body"] });
		expect(index.match("budget")[0].fields).toBeUndefined();
		expect(hit.score).toBeGreaterThan(0);
	});

	it("folds diacritics on both sides", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "Meeting at the café" }));
		index.add(doc("b.md", { body: "Resume of the naive approach" }));
		expect(ids(index, "cafe")).toEqual(["a.md"]);
		expect(ids(index, "CAFÉ")).toEqual(["a.md"]);
		expect(ids(index, "naïve")).toEqual(["b.md"]);
	});

	it("finds camelCase and hyphenated words by their parts and as a whole", () => {
		const index = new KeywordIndex();
		index.add(doc("code.md", { body: "the retentionScore function" }));
		index.add(doc("sync.md", { body: "an offline-first design" }));
		expect(ids(index, "score")).toEqual(["code.md"]);
		expect(ids(index, "retentionscore")).toEqual(["code.md"]);
		expect(ids(index, "offlinefirst")).toEqual(["sync.md"]);
		expect(ids(index, "offline first")).toEqual(["sync.md"]);
	});

	it("finds CJK text by a word inside a longer run", () => {
		const index = new KeywordIndex();
		index.add(doc("jp.md", { body: "今日の会議メモ" }));
		index.add(doc("other.md", { body: "議題なし" }));
		expect(ids(index, "会議")).toEqual(["jp.md"]);
		expect(ids(index, "会")).toEqual(["jp.md"]);
		expect(index.match("会議", { withFields: true })[0].fields).toEqual({ 会議: ["body"] });
	});

	it("matches prefixes of terms with three or more characters", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "retention decays" }));
		index.add(doc("b.md", { body: "reply later" }));
		expect(ids(index, "reten")).toEqual(["a.md"]);
		// Fields are keyed by the indexed (stemmed) term: "retention" is indexed as "retent".
		expect(index.match("reten", { withFields: true })[0].fields).toEqual({ retent: ["body"] });
		expect(ids(index, "re")).toEqual([]);
	});

	it("expands a query term to at most maxExpansions longer words, the shortest first", () => {
		const index = new KeywordIndex({ maxExpansions: 2 });
		for (const word of ["cart", "carton", "cartoon", "cartography"]) index.add(doc(`${word}.md`, { body: word }));
		expect(ids(index, "cart")).toEqual(["cart.md", "carton.md", "cartoon.md"]);
		const exactOnly = new KeywordIndex({ maxExpansions: 0 });
		for (const word of ["cart", "carton"]) exactOnly.add(doc(`${word}.md`, { body: word }));
		expect(ids(exactOnly, "cart")).toEqual(["cart.md"]);
	});

	it("tolerates a typo in terms of five or more characters", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "retention decays" }));
		expect(ids(index, "retension")).toEqual(["a.md"]);
		expect(ids(index, "docays")).toEqual(["a.md"]);
		expect(ids(index, "dcay")).toEqual([]);
		expect(index.match("retension")[0].terms).toEqual(["retension"]);
	});

	it("looks for near spellings only for a query term that matches no word", () => {
		const index = new KeywordIndex();
		index.add(doc("plane.md", { body: "the plane landed" }));
		index.add(doc("plant.md", { body: "the plant grew" }));
		expect(ids(index, "plane")).toEqual(["plane.md"]);
		expect(ids(index, "planx").sort()).toEqual(["plane.md", "plant.md"]);
	});

	it("stems English words on both sides and reports the query words as typed", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "We planned the adoption." }));
		index.add(doc("b.md", { body: "An orbit." }));
		const [hit, ...rest] = index.match("planning to adopt", { withFields: true });
		expect(hit.id).toBe("a.md");
		expect(hit.terms.sort()).toEqual(["adopt", "planning"]);
		expect(hit.fields).toEqual({ plan: ["body"], adopt: ["body"] });
		expect(rest.map((h) => h.id)).toEqual([]);
		const unstemmed = new KeywordIndex({ stemming: false });
		unstemmed.add(doc("a.md", { body: "We planned the adoption." }));
		expect(ids(unstemmed, "planning")).toEqual([]);
		expect(ids(unstemmed, "planned")).toEqual(["a.md"]);
	});

	it("ranks an exact match above a prefix or fuzzy one", () => {
		const index = new KeywordIndex();
		index.add(doc("prefix.md", { body: "planet" }));
		index.add(doc("exact.md", { body: "plan" }));
		expect(ids(index, "plan")).toEqual(["exact.md", "prefix.md"]);
	});

	it("ranks a title hit above a body hit, and aliases and tags above the body", () => {
		const index = new KeywordIndex();
		index.add(doc("Notes.md", { body: "about the roadmap" }));
		index.add(doc("Roadmap.md", { body: "quarterly goals" }));
		index.add(doc("Alias.md", { aliases: ["Sprint"], body: "x" }));
		index.add(doc("Body.md", { body: "sprint review" }));
		index.add(doc("Tagged.md", { tags: ["incident"], body: "y" }));
		index.add(doc("Mention.md", { body: "incident report" }));
		expect(ids(index, "roadmap")).toEqual(["Roadmap.md", "Notes.md"]);
		expect(ids(index, "sprint")).toEqual(["Alias.md", "Body.md"]);
		expect(ids(index, "incident")).toEqual(["Tagged.md", "Mention.md"]);
	});

	it("honours custom boosts", () => {
		const index = new KeywordIndex({ boost: { title: 0.1 } });
		index.add(doc("Roadmap.md", { body: "goals" }));
		index.add(doc("Notes.md", { body: "roadmap" }));
		expect(ids(index, "roadmap")).toEqual(["Notes.md", "Roadmap.md"]);
	});

	it("drops stop words unless the list is emptied", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "the plan" }));
		expect(index.match("the")).toEqual([]);
		const everything = new KeywordIndex({ stopWords: [] });
		everything.add(doc("a.md", { body: "the plan" }));
		expect(ids(everything, "the")).toEqual(["a.md"]);
	});

	it("applies limit and filter", () => {
		const index = new KeywordIndex();
		for (const id of ["a.md", "b.md", "c.md"]) index.add(doc(id, { body: "shared word" }));
		expect(index.match("shared", { limit: 2 })).toHaveLength(2);
		expect(ids(index, "shared").sort()).toEqual(["a.md", "b.md", "c.md"]);
		expect(
			index
				.match("shared", { filter: (id) => id !== "b.md" })
				.map((h) => h.id)
				.sort(),
		).toEqual(["a.md", "c.md"]);
	});

	it("returns nothing for an empty query or one of stop words and punctuation only", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "words" }));
		expect(index.match("")).toEqual([]);
		expect(index.match(" -- ?")).toEqual([]);
		expect(index.match("the and of")).toEqual([]);
	});

	it("indexes only the first maxBodyChars of a body", () => {
		const index = new KeywordIndex({ maxBodyChars: 100 });
		index.add(doc("big.md", { body: `${"filler ".repeat(20)}needle` }));
		expect(ids(index, "filler")).toEqual(["big.md"]);
		expect(ids(index, "needle")).toEqual([]);
	});

	it("refuses to add a note twice and points to replace", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md"));
		expect(() => index.add(doc("a.md"))).toThrow(/"a.md" is already indexed; use replace\(\)/);
	});

	it("replaces a note's text in place", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "old words" }), "1:10");
		index.add(doc("b.md", { body: "other" }));
		index.replace(doc("a.md", { body: "new text" }), "2:8");
		expect(ids(index, "old")).toEqual([]);
		expect(ids(index, "new")).toEqual(["a.md"]);
		expect(index.size).toBe(2);
		expect(index.stampOf("a.md")).toBe("2:8");
		index.replace(doc("c.md", { body: "fresh" }));
		expect(index.has("c.md")).toBe(true);
	});

	it("removes a note", () => {
		const index = new KeywordIndex();
		index.add(doc("a.md", { body: "gone" }));
		expect(index.remove("a.md")).toBe(true);
		expect(index.remove("a.md")).toBe(false);
		expect(index.has("a.md")).toBe(false);
		expect(index.size).toBe(0);
		expect(ids(index, "gone")).toEqual([]);
	});

	it("renames a note without re-reading it, replacing a note at the target", () => {
		const index = new KeywordIndex();
		index.add(doc("Old.md", { body: "kept text" }), "1:9");
		index.add(doc("New.md", { body: "overwritten" }));
		expect(index.rename("Old.md", "New.md")).toBe(true);
		expect(index.has("Old.md")).toBe(false);
		expect(ids(index, "kept")).toEqual(["New.md"]);
		expect(ids(index, "overwritten")).toEqual([]);
		expect(index.stampOf("New.md")).toBe("");
		expect(index.size).toBe(1);
		expect(index.rename("Missing.md", "X.md")).toBe(false);
		index.replace(doc("New.md", { body: "kept text" }), "2:9");
		expect(ids(index, "new")).toEqual(["New.md"]);
		expect(ids(index, "old")).toEqual([]);
	});

	it("stays correct through many replacements", () => {
		// Three-letter words: no fuzzy matching between rounds.
		const rounds = ["ant", "bee", "cat", "dog", "eel", "fox"];
		const index = new KeywordIndex();
		for (let i = 0; i < 50; i++) index.add(doc(`n${i}.md`, { body: `${rounds[0]} item${i}` }));
		for (const word of rounds.slice(1)) {
			for (let i = 0; i < 50; i++) index.replace(doc(`n${i}.md`, { body: `${word} item${i}` }));
		}
		expect(ids(index, "ant")).toEqual([]);
		expect(ids(index, "eel")).toEqual([]);
		expect(ids(index, "fox")).toHaveLength(50);
		expect(ids(index, "item7")[0]).toBe("n7.md");
		expect(index.size).toBe(50);
	});

	it("compacts its postings once discarded ones outnumber live ones, and scores stay right", () => {
		const letters = (n: number): string =>
			Array.from({ length: 4 }, (_, i) => String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26))).join("");
		const index = new KeywordIndex(ORACLE_SETTINGS);
		index.add(doc("big.md", { body: Array.from({ length: 6_000 }, (_, i) => `q${letters(i)}`).join(" ") }));
		index.add(doc("small.md", { body: "retention plan" }));
		const big = index.postings.postingCount - 3;
		expect(big).toBeGreaterThan(4_096);
		expect(index.termCount).toBeGreaterThan(4_096);
		// Discarding the big note's postings leaves more dead than live ones: a compaction begins,
		// a bounded step with each add and discard (keyword-compaction.test.ts); finish it here.
		index.replace(doc("big.md", { body: "budget plan" }));
		expect(index.postings.compacting).toBe(true);
		index.postings.compact();
		expect(index.postings.deadPostings).toBe(0);
		expect(index.postings.postingCount).toBe(6);
		expect(index.termCount).toBe(5);
		expect(ids(index, "qaaaa")).toEqual([]);
		const notes = new Map([
			["big.md", doc("big.md", { body: "budget plan" })],
			["small.md", doc("small.md", { body: "retention plan" })],
		]);
		expectScoresLikeMiniSearch(index, notes, ["retention", "plan", "budget", "big", "small"]);
		// Term ids freed by compaction are reused.
		index.replace(doc("small.md", { body: "plan roadmap qaaaa" }));
		notes.set("small.md", doc("small.md", { body: "plan roadmap qaaaa" }));
		expectScoresLikeMiniSearch(index, notes, ["retention", "plan", "budget", "roadmap", "qaaaa"]);
		expect(index.postings.termIdCount).toBe(big + 3);
	});
});
