import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DuplicateHashIndex } from "../../../../src/core/recall/similarity/duplicate-hash-index";

type Step =
	| { kind: "set"; path: number; hash: number }
	| { kind: "delete"; path: number }
	| { kind: "rename"; from: number; to: number };

const PATHS = 12;
const step: fc.Arbitrary<Step> = fc.oneof(
	fc.record({ kind: fc.constant("set" as const), path: fc.nat(PATHS), hash: fc.integer({ min: 1, max: 4 }) }),
	fc.record({ kind: fc.constant("delete" as const), path: fc.nat(PATHS) }),
	fc.record({ kind: fc.constant("rename" as const), from: fc.nat(PATHS), to: fc.nat(PATHS) }),
);

/** The linear scan the index replaces, over a plain path → hash map that follows the same steps. */
function scan(hashes: Map<string, number>, hash: number): string[] {
	return [...hashes]
		.filter(([, other]) => other === hash)
		.map(([path]) => path)
		.sort();
}

describe("DuplicateHashIndex", () => {
	it("finds exactly the paths a scan of every hash finds, after any adds, removes and renames", () => {
		fc.assert(
			fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
				const index = new DuplicateHashIndex();
				const plain = new Map<string, number>();
				for (const s of steps) {
					if (s.kind === "set") {
						index.set(`n${s.path}.md`, s.hash);
						plain.set(`n${s.path}.md`, s.hash);
					} else if (s.kind === "delete") {
						index.delete(`n${s.path}.md`);
						plain.delete(`n${s.path}.md`);
					} else {
						const hash = plain.get(`n${s.from}.md`);
						index.rename(`n${s.from}.md`, `n${s.to}.md`);
						plain.delete(`n${s.from}.md`);
						if (hash !== undefined) plain.set(`n${s.to}.md`, hash);
					}
					for (let hash = 1; hash <= 4; hash++) expect(index.pathsWith(hash)).toEqual(scan(plain, hash));
					expect(index.size).toBe(plain.size);
					for (let path = 0; path <= PATHS; path++) expect(index.get(`n${path}.md`)).toBe(plain.get(`n${path}.md`));
				}
			}),
		);
	});

	it("moves a path to its new hash when its body changes", () => {
		const index = new DuplicateHashIndex();
		index.set("b.md", 7);
		index.set("a.md", 7);
		index.set("b.md", 9);
		expect(index.pathsWith(7)).toEqual(["a.md"]);
		expect(index.pathsWith(9)).toEqual(["b.md"]);
		expect(index.pathsWith(8)).toEqual([]);
	});
});
