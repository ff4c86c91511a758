import fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { KeywordPostings, type FieldTerms } from "../../../../src/core/recall/keyword/keyword-postings";
import { KeywordScorer, MAX_QUERY_TERMS, type QueryTerm } from "../../../../src/core/recall/keyword/keyword-scorer";

interface Doc {
	id: number;
	title: string;
	body: string;
}

const FIELDS = ["title", "body"] as const;
const BOOST = { title: 3, body: 1 };
const WORDS = ["plan", "planet", "planning", "plane", "road", "roadmap", "budget", "cost", "costly", "risk"];

function miniSearchOf(docs: readonly Doc[]): MiniSearch<Doc> {
	const mini = new MiniSearch<Doc>({ fields: [...FIELDS], searchOptions: { boost: BOOST } });
	mini.addAll(docs);
	return mini;
}

/** The words as MiniSearch's default tokenizer gives them (the texts here are lower-case words and spaces). */
function fieldTerms(text: string): FieldTerms {
	const tokens = text.split(" ").filter((token) => token !== "");
	const terms = new Map<string, number>();
	for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
	return { length: new Set(tokens).size, terms };
}

/** A postings store of the documents; document ids are their positions, so ids must be 0, 1, 2… */
function indexOf(docs: readonly Doc[]): KeywordPostings {
	const postings = new KeywordPostings(FIELDS.length);
	for (const [position, doc] of docs.entries()) {
		expect(postings.add([fieldTerms(doc.title), fieldTerms(doc.body)])).toBe(position);
		expect(doc.id).toBe(position);
	}
	return postings;
}

function scorerOf(postings: KeywordPostings, maxExpansions = 1000): KeywordScorer {
	return new KeywordScorer(postings, { fields: FIELDS, boost: BOOST, maxExpansions });
}

const terms = (words: string[], prefix = false): QueryTerm[] => words.map((term) => ({ term, prefix, maxTypos: 0 }));

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((words) => words.join(" "));
const corpus = fc.array(fc.record({ title: text, body: text }), { minLength: 1, maxLength: 30 });
const query = fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 });

describe("KeywordScorer", () => {
	it("scores like MiniSearch#search, exact and prefix, without fuzzy matching", () => {
		fc.assert(
			fc.property(corpus, query, fc.boolean(), (rows, words, prefix) => {
				const docs = rows.map((row, id) => ({ id, ...row }));
				const expected = new Map(
					miniSearchOf(docs)
						.search(words.join(" "), { prefix })
						.map((hit) => [hit.id as number, hit.score]),
				);
				const actual = scorerOf(indexOf(docs)).score(terms(words, prefix));
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
				const all = scorer.score(terms(words, true));
				expect(scorer.score(terms(words, true), { limit })).toEqual(all.slice(0, limit));
			}),
		);
	});

	it("reports the matched query terms and, per indexed term, the fields", () => {
		const postings = indexOf([
			{ id: 0, title: "roadmap", body: "the plan and its cost roadmap" },
			{ id: 1, title: "other", body: "a planet" },
		]);
		const [first, second] = scorerOf(postings).score(terms(["plan", "roadmap", "risk"], true), { withFields: true });
		expect(first).toEqual({
			key: 0,
			score: first.score,
			terms: [0, 1],
			fields: { plan: ["body"], roadmap: ["title", "body"] },
		});
		expect(second).toEqual({ key: 1, score: second.score, terms: [0], fields: { planet: ["body"] } });
	});

	it("skips discarded documents, counts only live ones in the idf, and finds ones added later", () => {
		const docs = [
			{ id: 0, title: "a", body: "budget" },
			{ id: 1, title: "b", body: "budget" },
		];
		const postings = indexOf(docs);
		const scorer = scorerOf(postings);
		postings.discard(0);
		expect(scorer.score(terms(["budget"]), { limit: 10 }).map((hit) => hit.key)).toEqual([1]);
		const live = [docs[1]];
		for (let id = 2; id < 2000; id++) {
			const doc = { id, title: "c", body: id === 1999 ? "budget budget" : "other" };
			expect(postings.add([fieldTerms(doc.title), fieldTerms(doc.body)])).toBe(id);
			live.push(doc);
		}
		const expected = new Map(
			miniSearchOf(live)
				.search("budget")
				.map((hit) => [hit.id as number, hit.score]),
		);
		const found = scorer.score(terms(["budget"]), { limit: 10 });
		expect(found.map((hit) => hit.key)).toEqual([1999, 1]);
		for (const hit of found) expect(hit.score).toBeCloseTo(expected.get(hit.key) ?? Number.NaN, 9);
	});

	it("scores term frequencies of 255 and more exactly", () => {
		const docs = [
			{ id: 0, title: "x", body: Array.from({ length: 300 }, () => "risk").join(" ") },
			{ id: 1, title: "y", body: Array.from({ length: 255 }, () => "risk").join(" ") },
			{ id: 2, title: "z", body: "risk cost" },
		];
		const expected = new Map(
			miniSearchOf(docs)
				.search("risk")
				.map((hit) => [hit.id as number, hit.score]),
		);
		const found = scorerOf(indexOf(docs)).score(terms(["risk"]));
		expect(found.map((hit) => hit.key)).toEqual([0, 1, 2]);
		for (const hit of found) expect(hit.score).toBeCloseTo(expected.get(hit.key) ?? Number.NaN, 9);
	});

	it("expands to near spellings only a term that matches nothing, at most maxExpansions of them", () => {
		const postings = indexOf([
			{ id: 0, title: "x", body: "cost" },
			{ id: 1, title: "y", body: "cast" },
			{ id: 2, title: "z", body: "coat" },
		]);
		const typo = (term: string): QueryTerm[] => [{ term, prefix: false, maxTypos: 1 }];
		expect(
			scorerOf(postings)
				.score(typo("cost"), { limit: 10 })
				.map((hit) => hit.key),
		).toEqual([0]);
		expect(
			scorerOf(postings)
				.score(typo("cist"), { limit: 10 })
				.map((hit) => hit.key)
				.sort(),
		).toEqual([0, 1]);
		expect(scorerOf(postings, 1).score(typo("cist"), { limit: 10 })).toHaveLength(1);
	});

	it("keeps the rarest MAX_QUERY_TERMS terms of a longer query", () => {
		const common = Array.from({ length: MAX_QUERY_TERMS + 8 }, (_, i) => `common${i}`);
		const docs = [
			{ id: 0, title: "x", body: "rare" },
			...Array.from({ length: 5 }, (_, i) => ({ id: i + 1, title: "y", body: common.join(" ") })),
		];
		const hits = scorerOf(indexOf(docs)).score(terms([...common, "rare"]));
		expect(hits.map((hit) => hit.key).sort()).toEqual([0, 1, 2, 3, 4, 5]);
		expect(hits.find((hit) => hit.key === 0)?.terms).toEqual([common.length]);
		expect(hits.find((hit) => hit.key === 1)?.terms).toEqual(common.slice(0, MAX_QUERY_TERMS - 1).map((_, i) => i));
	});

	it("reuses its scratch space: a second query is not affected by the first", () => {
		const postings = indexOf([
			{ id: 0, title: "a", body: "budget risk" },
			{ id: 1, title: "b", body: "risk" },
		]);
		const scorer = scorerOf(postings);
		const fresh = scorerOf(postings).score(terms(["risk"]), { limit: 10 });
		scorer.score(terms(["budget", "risk"]), { limit: 10 });
		expect(scorer.score(terms(["risk"]), { limit: 10 })).toEqual(fresh);
	});
});
