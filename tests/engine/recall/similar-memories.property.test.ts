import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeywordIndex } from "../../../src/core/recall/keyword/keyword-index";
import { acceptedKeywordHits } from "../../../src/engine/recall/similar-memories";

const WORDS = ["budget", "march", "latency", "deploy", "postgres", "garden", "invoice", "replica"];

describe("acceptedKeywordHits", () => {
	it("gives exactly the filtered search's hits, ties and sparse filters included", () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 4 })),
					{ minLength: 30, maxLength: 120 },
				),
				fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }),
				(notes, query) => {
					const index = new KeywordIndex();
					const accepted = new Set<string>();
					notes.forEach(([words, accept], i) => {
						const id = `n${i}.md`;
						index.add({ id, title: `n${i}`, aliases: [], headings: [], tags: [], body: words.join(" ") });
						// One note in five passes: often fewer than the candidates among the first hits.
						if (accept === 0) accepted.add(id);
					});
					const accept = (path: string) => accepted.has(path);
					const text = query.join(" ");
					expect(acceptedKeywordHits(index, text, accept)).toEqual(index.match(text, { limit: 12, filter: accept }));
				},
			),
			{ numRuns: 300, seed: 7 },
		);
	});
});
