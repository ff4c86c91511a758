import fc from "fast-check";
import MiniSearch from "minisearch";
import { expect } from "vitest";
import type { KeywordDocument } from "../../../../src/core/recall/keyword/keyword-document";
import {
	KEYWORD_FIELDS,
	type KeywordField,
	type KeywordIndex,
} from "../../../../src/core/recall/keyword/keyword-index";
import { stemTerm, tokenize } from "../../../../src/core/recall/keyword/tokenize";

// MiniSearch as the oracle of the keyword index's scores: the same tokenizer, stop words and stems.

/** No typo fallback (MiniSearch has none) and every prefix expansion (MiniSearch takes them all). */
export const ORACLE_SETTINGS = { fuzziness: 0, maxExpansions: 1000 };
const ORACLE_WORDS = ["plan", "planning", "planned", "planet", "road", "roads", "roadmap", "budget", "cost", "costly"];
const PATHS = ["a.md", "b.md", "c.md", "d.md", "e.md", "f.md"];
const words = fc
	.array(fc.constantFrom(...ORACLE_WORDS, "the", "and"), { minLength: 0, maxLength: 8 })
	.map((list) => list.join(" "));
const note = fc.record({
	title: words,
	aliases: fc.array(words, { maxLength: 2 }),
	headings: fc.array(words, { maxLength: 2 }),
	tags: fc.array(fc.constantFrom(...ORACLE_WORDS), { maxLength: 2 }),
	body: words,
});
type Operation =
	| { kind: "replace"; path: string; fields: Omit<KeywordDocument, "id"> }
	| { kind: "remove"; path: string }
	| { kind: "rename"; path: string; to: string };
export const operation: fc.Arbitrary<Operation> = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant("replace"), path: fc.constantFrom(...PATHS), fields: note }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant("remove"), path: fc.constantFrom(...PATHS) }) },
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant("rename"),
			path: fc.constantFrom(...PATHS),
			to: fc.constantFrom(...PATHS),
		}),
	},
);
export const queries = fc.uniqueArray(fc.constantFrom(...ORACLE_WORDS, "pla", "roa", "cos"), {
	minLength: 1,
	maxLength: 4,
});

/** Applies the operations to the index and to a model of what each path holds as indexed. */
export function applyAll(
	index: KeywordIndex,
	operations: readonly Operation[],
): { index: KeywordIndex; notes: Map<string, KeywordDocument> } {
	const notes = new Map<string, KeywordDocument>();
	for (const op of operations) {
		if (op.kind === "replace") {
			const indexed = { id: op.path, ...op.fields };
			index.replace(indexed);
			notes.set(op.path, indexed);
		} else if (op.kind === "remove") {
			expect(index.remove(op.path)).toBe(notes.delete(op.path));
		} else {
			const moved = notes.get(op.path);
			expect(index.rename(op.path, op.to)).toBe(moved !== undefined);
			if (moved === undefined || op.path === op.to) continue;
			notes.delete(op.path);
			notes.set(op.to, moved);
		}
	}
	return { index, notes };
}

/** Every query's scores (by path) equal MiniSearch#search's over a fresh index of `notes`, to 1e-9. */
export function expectScoresLikeMiniSearch(
	index: KeywordIndex,
	notes: ReadonlyMap<string, KeywordDocument>,
	queryWords: string[],
): void {
	const stopWords = new Set(index.settings.stopWords);
	const mini = new MiniSearch<{ path: string; doc: KeywordDocument }>({
		idField: "path",
		fields: [...KEYWORD_FIELDS],
		extractField: (entry, field) => {
			if (field === "path") return entry.path;
			const value = entry.doc[field as KeywordField];
			return typeof value === "string" ? value : value.join("\n");
		},
		tokenize: (text) => tokenize(text),
		processTerm: (term) => (stopWords.has(term) ? null : stemTerm(term)),
		searchOptions: { boost: index.settings.boost, prefix: (term) => term.length >= 3 },
	});
	mini.addAll([...notes].map(([path, doc]) => ({ path, doc })));
	expect(index.size).toBe(notes.size);
	// MiniSearch counts a repeated query term twice, the index once: the joined query keeps one word per stem.
	const distinct = [...new Map(queryWords.map((word) => [stemTerm(word), word])).values()];
	for (const query of [...queryWords, distinct.join(" ")]) {
		const expected = new Map(mini.search(query).map((hit) => [hit.id as string, hit.score]));
		const actual = index.match(query);
		expect(actual.map((hit) => hit.id).sort()).toEqual([...expected.keys()].sort());
		for (const hit of actual) expect(hit.score).toBeCloseTo(expected.get(hit.id) ?? Number.NaN, 9);
	}
}
