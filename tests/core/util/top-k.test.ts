import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TopK } from "../../../src/core/util/top-k";

describe("TopK", () => {
	it("keeps the head of the fully sorted list (score down, then id up), whatever the arrival order", () => {
		fc.assert(
			fc.property(
				fc
					.uniqueArray(fc.nat(200), { minLength: 1, maxLength: 60 })
					.chain((ids) =>
						fc.tuple(
							fc.constant(ids),
							fc.array(fc.integer({ min: 0, max: 3 }), { minLength: ids.length, maxLength: ids.length }),
							fc.integer({ min: 1, max: 70 }),
						),
					),
				([ids, scores, k]) => {
					const pairs = ids.map((id, i) => ({ id, score: scores[i] }));
					const top = new TopK(Math.min(k, pairs.length));
					for (const pair of pairs) top.offer(pair.id, pair.score);
					const expected = [...pairs].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, k);
					expect(top.sorted()).toEqual(expected);
				},
			),
			{ numRuns: 500 },
		);
	});

	it("keeps the lower id of two equal scores when only one fits", () => {
		const top = new TopK(1);
		top.offer(7, 1);
		top.offer(3, 1);
		top.offer(9, 1);
		expect(top.sorted()).toEqual([{ id: 3, score: 1 }]);
	});
});
