import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortStepwise } from "../../../src/core/util/sort-stepwise";

function sortedInSteps<T>(items: T[], compare: (a: T, b: T) => number): { items: T[]; steps: number } {
	const copy = items.slice();
	const steps = sortStepwise(copy, compare);
	let count = 0;
	while (steps.next().done !== true) count++;
	return { items: copy, steps: count };
}

describe("sortStepwise", () => {
	it("sorts like the stable Array#sort, ties in their first order", () => {
		const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
		fc.assert(
			fc.property(
				fc.array(fc.record({ key: fc.integer({ min: 0, max: 20 }), id: fc.nat() }), { maxLength: 300 }),
				(items) => {
					expect(sortedInSteps(items, byKey).items).toEqual(items.slice().sort(byKey));
				},
			),
		);
	});

	it("sorts 20,000 paths in many small steps", () => {
		const paths = Array.from({ length: 20_000 }, (_, i) => `Folder ${i % 13}/Note ${(i * 7919) % 20_000}.md`);
		const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
		const { items, steps } = sortedInSteps(paths, byPath);
		expect(items).toEqual(paths.slice().sort(byPath));
		expect(steps).toBeGreaterThan(100);
		// Already sorted input is merged with one comparison a block.
		expect(sortedInSteps(items, byPath).steps).toBeLessThan(steps / 4);
	});
});
