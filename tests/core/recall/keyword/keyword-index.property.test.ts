import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeywordIndex } from "../../../../src/core/recall/keyword/keyword-index";
import { applyAll, expectScoresLikeMiniSearch, operation, ORACLE_SETTINGS, queries } from "./keyword-oracle";

describe("KeywordIndex against MiniSearch", () => {
	it("scores like a fresh MiniSearch over the same notes after adds, replaces, removes and renames", () => {
		fc.assert(
			fc.property(fc.array(operation, { minLength: 1, maxLength: 40 }), queries, (operations, words) => {
				const { index, notes } = applyAll(new KeywordIndex(ORACLE_SETTINGS), operations);
				expectScoresLikeMiniSearch(index, notes, words);
				index.postings.compact();
				expect(index.postings.deadPostings).toBe(0);
				expectScoresLikeMiniSearch(index, notes, words);
			}),
			{ numRuns: 150 },
		);
	});
});
