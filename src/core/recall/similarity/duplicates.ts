import { isNegation } from "../conflicts/conflict-words";
import { readableText } from "../keyword/keyword-document";

/**
 * Lowest word overlap (Dice coefficient over the words with their counts) at which a new memory
 * is a near duplicate of an existing one. One changed or added word in a sentence of twenty
 * stays above it; rephrasing a short sentence does not ("Our budget is $50,000" vs "The budget is
 * $50,000" is 0.75).
 */
export const NEAR_DUPLICATE_OVERLAP = 0.9;

export interface Duplicate {
	/** The existing memory the new text repeats. */
	id: string;
	/** "exact": the same words in the same order once markup, case and punctuation are set aside. */
	kind: "exact" | "near";
	/** Word overlap in [0, 1]; 1 for an exact duplicate. */
	overlap: number;
}

const WORD = /[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu;
const NUMBER = /^\p{N}/u;

/** The words of a text as duplicates are compared: readable text, NFKC, lower case, in order. */
function duplicateWords(text: string): string[] {
	return readableText(text).normalize("NFKC").toLowerCase().replace(/’/g, "'").match(WORD) ?? [];
}

/**
 * 32-bit FNV-1a of the text's duplicate words: equal for exact duplicates, so an index can keep
 * one number per note and read only the notes whose number matches. 0 for a text without words.
 */
export function duplicateHash(text: string): number {
	const key = duplicateWords(text).join(" ");
	if (key === "") return 0;
	let hash = 0x811c9dc5;
	for (let i = 0; i < key.length; i++) {
		hash ^= key.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash || 1;
}

/**
 * The existing memory the new text duplicates, exact first, then the nearest at or above
 * `minOverlap`; null when none does. A near duplicate must state the same numbers and be negated
 * the same way: "budget is $80,000" after "budget is $50,000" is a change (see conflicts.ts), not
 * a repeat.
 */
export function findDuplicate(
	newText: string,
	existing: readonly { id: string; text: string }[],
	minOverlap = NEAR_DUPLICATE_OVERLAP,
): Duplicate | null {
	return duplicateAmong(
		newText,
		existing.map((memory) => ({ id: memory.id, words: duplicateProfile(memory.text) })),
		minOverlap,
	);
}

/** findDuplicate over profiles already computed (a caller may keep a note's profile with its text). */
export function duplicateAmong(
	newText: string,
	existing: readonly { id: string; words: DuplicateProfile }[],
	minOverlap = NEAR_DUPLICATE_OVERLAP,
): Duplicate | null {
	const own = duplicateProfile(newText);
	if (own.length === 0) return null;
	let best: Duplicate | null = null;
	for (const { id, words: other } of existing) {
		if (other.key === own.key) return { id, kind: "exact", overlap: 1 };
		if (other.numbers !== own.numbers || other.negations !== own.negations) continue;
		const overlap = diceOverlap(own.counts, own.length, other.counts, other.length);
		if (overlap >= minOverlap && (best === null || overlap > best.overlap)) best = { id, kind: "near", overlap };
	}
	return best;
}

/** What duplicates are decided on: a text's duplicate words (see duplicateWords), counted. */
export interface DuplicateProfile extends WordProfile {
	/** The words joined by spaces: equal for exact duplicates. */
	key: string;
	/** How many words. */
	length: number;
}

export function duplicateProfile(text: string): DuplicateProfile {
	const words = duplicateWords(text);
	return { ...profileOf(words), key: words.join(" "), length: words.length };
}

interface WordProfile {
	counts: Map<string, number>;
	/** The numbers in order, joined: two texts must state the same ones. */
	numbers: string;
	/** How many negating words. */
	negations: number;
}

function profileOf(words: readonly string[]): WordProfile {
	const counts = new Map<string, number>();
	const numbers: string[] = [];
	let negations = 0;
	for (const word of words) {
		counts.set(word, (counts.get(word) ?? 0) + 1);
		if (NUMBER.test(word)) numbers.push(word.replace(/,/g, ""));
		if (isNegation(word)) negations++;
	}
	return { counts, numbers: numbers.join(" "), negations };
}

function diceOverlap(a: Map<string, number>, aSize: number, b: Map<string, number>, bSize: number): number {
	let shared = 0;
	for (const [word, count] of a) shared += Math.min(count, b.get(word) ?? 0);
	return (2 * shared) / (aSize + bSize);
}
