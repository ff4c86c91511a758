import fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { KeywordScorer, MAX_QUERY_TERMS, type QueryTerm } from "../../../src/core/recall/keyword-scorer";

interface Doc {
	id: number;
	title: string;
	body: string;
}

const FIELDS = ["title", "body"] as const;
const BOOST = { title: 3, body: 1 };
const WORDS = ["plan", "planet", "planning", "plane", "road", "roadmap", "budget", "cost", "costly", "risk"];

function indexOf(docs: readonly Doc[]): MiniSearch<Doc> {
	const mini = new MiniSearch<Doc>({ fields: [...FIELDS], searchOptions: { boost: BOOST } });
	mini.addAll(docs);
	return mini;
}

function scorerOf(mini: MiniSearch<Doc>, maxExpansions = 1000): KeywordScorer {
	return new KeywordScorer(mini, { fields: FIELDS, boost: BOOST, maxExpansions });
}

const terms = (words: string[], prefix = false): QueryTerm[] => words.map((term) => ({ term, prefix, maxTypos: 0 }));

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((words) => words.join(" "));
const corpus = fc.array(fc.record({ title: text, body: text }), { minLength: 1, maxLength: 30 });
const query = fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 });

describe("KeywordScorer", () => {
	it("scores like MiniSearch#search, exact and prefix, without fuzzy matching", () => {
		fc.assert(
			fc.property(corpus, query, fc.boolean(), (rows, words, prefix) => {
				const mini = indexOf(rows.map((row, id) => ({ id, ...row })));
				const expected = new Map(mini.search(words.join(" "), { prefix }).map((hit) => [hit.id as number, hit.score]));
				const actual = scorerOf(mini).search(terms(words, prefix));
				expect(actual.map((hit) => hit.key).sort()).toEqual([...expected.keys()].sort());
				for (const hit of actual) expect(hit.score).toBeCloseTo(expected.get(hit.key) ?? Number.NaN, 9);
				for (let i = 1; i < actual.length; i++) expect(actual[i - 1].score).toBeGreaterThanOrEqual(actual[i].score);
			}),
			{ numRuns: 200 },
		);
	});

	it("keeps the best `limit` hits, the same as the head of the full list", () => {
		fc.assert(
			fc.property(corpus, query, fc.integer({ min: 1, max: 10 }), (rows, words, limit) => {
				const scorer = scorerOf(indexOf(rows.map((row, id) => ({ id, ...row }))));
				const all = scorer.search(terms(words, true));
				expect(scorer.search(terms(words, true), { limit })).toEqual(all.slice(0, limit));
			}),
		);
	});

	it("reports the matched query terms and, per indexed term, the fields", () => {
		const mini = indexOf([
			{ id: 1, title: "Roadmap", body: "the plan and its cost" },
			{ id: 2, title: "Other", body: "a planet" },
		]);
		const [first, second] = scorerOf(mini).search(terms(["plan", "roadmap", "risk"], true), { withFields: true });
		expect(first).toMatchObject({ key: 1, terms: [0, 1], fields: { plan: ["body"], roadmap: ["title"] } });
		expect(second).toMatchObject({ key: 2, terms: [0], fields: { planet: ["body"] } });
	});

	it("skips documents MiniSearch discarded but has not vacuumed yet, and finds ones added later", () => {
		const mini = indexOf([
			{ id: 1, title: "a", body: "budget" },
			{ id: 2, title: "b", body: "budget" },
		]);
		const scorer = scorerOf(mini);
		scorer.discarding(1);
		mini.discard(1);
		expect(scorer.search(terms(["budget"]), { limit: 10 }).map((hit) => hit.key)).toEqual([2]);
		expect(
			scorerOf(mini)
				.search(terms(["budget"]), { limit: 10 })
				.map((hit) => hit.key),
		).toEqual([2]);
		for (let id = 3; id < 2000; id++) {
			mini.add({ id, title: "c", body: id === 1999 ? "budget budget" : "other" });
			scorer.added(id);
		}
		const expected = new Map(mini.search("budget").map((hit) => [hit.id as number, hit.score]));
		const found = scorer.search(terms(["budget"]), { limit: 10 });
		expect(found.map((hit) => hit.key)).toEqual([1999, 2]);
		for (const hit of found) expect(hit.score).toBeCloseTo(expected.get(hit.key) ?? Number.NaN, 9);
	});

	it("expands to near spellings only a term that matches nothing, at most maxExpansions of them", () => {
		const mini = indexOf([
			{ id: 1, title: "x", body: "cost" },
			{ id: 2, title: "y", body: "cast" },
			{ id: 3, title: "z", body: "coat" },
		]);
		const typo = (term: string): QueryTerm[] => [{ term, prefix: false, maxTypos: 1 }];
		expect(
			scorerOf(mini)
				.search(typo("cost"), { limit: 10 })
				.map((hit) => hit.key),
		).toEqual([1]);
		expect(
			scorerOf(mini)
				.search(typo("cist"), { limit: 10 })
				.map((hit) => hit.key)
				.sort(),
		).toEqual([1, 2]);
		expect(scorerOf(mini, 1).search(typo("cist"), { limit: 10 })).toHaveLength(1);
	});

	it("keeps the rarest MAX_QUERY_TERMS terms of a longer query", () => {
		const common = Array.from({ length: MAX_QUERY_TERMS + 8 }, (_, i) => `common${i}`);
		const docs = [
			{ id: 0, title: "x", body: "rare" },
			...Array.from({ length: 5 }, (_, i) => ({ id: i + 1, title: "y", body: common.join(" ") })),
		];
		const hits = scorerOf(indexOf(docs)).search(terms([...common, "rare"]));
		expect(hits.map((hit) => hit.key).sort()).toEqual([0, 1, 2, 3, 4, 5]);
		expect(hits.find((hit) => hit.key === 0)?.terms).toEqual([common.length]);
		expect(hits.find((hit) => hit.key === 1)?.terms).toEqual(common.slice(0, MAX_QUERY_TERMS - 1).map((_, i) => i));
	});

	it("reuses its scratch space: a second query is not affected by the first", () => {
		const mini = indexOf([
			{ id: 1, title: "a", body: "budget risk" },
			{ id: 2, title: "b", body: "risk" },
		]);
		const scorer = scorerOf(mini);
		const fresh = scorerOf(mini).search(terms(["risk"]), { limit: 10 });
		scorer.search(terms(["budget", "risk"]), { limit: 10 });
		expect(scorer.search(terms(["risk"]), { limit: 10 })).toEqual(fresh);
	});
});
