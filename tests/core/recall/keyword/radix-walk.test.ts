import fc from "fast-check";
import SearchableMap from "minisearch/SearchableMap";
import { describe, expect, it } from "vitest";
import { RadixCursor, walkEntriesAfter, type WalkStop } from "../../../../src/core/recall/keyword/radix-walk";

const key = fc.stringMatching(/^[abc]{0,5}$/);

describe("walkEntriesAfter", () => {
	it("visits every key in order, a few at a time, from the key it stopped at", () => {
		const map = new SearchableMap<number>();
		for (const [i, word] of ["plan", "planet", "plans", "road", "ro", "", "zebra", "a"].entries()) map.set(word, i);
		const visited: string[] = [];
		let after: string | null = null;
		for (let steps = 0; ; steps++) {
			const stop: WalkStop = walkEntriesAfter(map, after, 3, (word, value) => {
				expect(map.get(word)).toBe(value);
				visited.push(word);
			});
			after = stop.last;
			if (stop.done) break;
			expect(steps).toBeLessThan(5);
		}
		expect(visited).toEqual(["", "a", "plan", "planet", "plans", "ro", "road", "zebra"]);
	});

	it("visits each key present throughout exactly once, in order, whatever changes between steps", () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(key),
				fc.array(fc.record({ add: fc.array(key), remove: fc.array(key) })),
				fc.integer({ min: 1, max: 4 }),
				(initial, changes, limit) => {
					const map = new SearchableMap<number>();
					for (const word of initial) map.set(word, 0);
					const removed = new Set<string>();
					const visited: string[] = [];
					let after: string | null = null;
					for (let step = 0; ; step++) {
						const stop: WalkStop = walkEntriesAfter(map, after, limit, (word) => visited.push(word));
						after = stop.last;
						if (stop.done) break;
						const change = changes[step % Math.max(1, changes.length)] ?? { add: [], remove: [] };
						for (const word of change.add) map.set(word, 1);
						for (const word of change.remove) {
							map.delete(word);
							removed.add(word);
						}
					}
					expect(visited).toEqual([...new Set(visited)].sort());
					for (const word of initial) if (!removed.has(word)) expect(visited).toContain(word);
				},
			),
			{ numRuns: 300 },
		);
	});
});

describe("RadixCursor", () => {
	it("reads the entries in the map's own iteration order (the keyword cache's term order), after any sets and deletes", () => {
		fc.assert(
			fc.property(fc.array(fc.tuple(key, fc.boolean()), { maxLength: 60 }), (operations) => {
				const map = new SearchableMap<number>();
				operations.forEach(([word, keep], i) => (keep ? map.set(word, i) : map.delete(word)));
				const read: [string, number | undefined][] = [];
				const cursor = new RadixCursor(map);
				while (cursor.next()) read.push([cursor.key, cursor.value]);
				expect(read).toEqual([...map]);
				expect(cursor.next()).toBe(false);
			}),
			{ numRuns: 300 },
		);
	});
});
