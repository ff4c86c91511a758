import { isContentWord, isNegation, normalizeWord } from "./conflict-words";
import { numericFacts, type NumericFact } from "./numeric-facts";

type ConflictKind = "numeric_mismatch" | "negation";

export interface PossibleConflict {
	/** The existing memory that may disagree with the new text. */
	id: string;
	kind: ConflictKind;
	/** One line for a person or an agent, e.g. `budget ($): new $80,000, existing $50,000`. */
	detail: string;
}

export interface ConflictOptions {
	/** Jaccard overlap of content words two sentences need for a one-sided negation. Default 0.6. */
	minTokenOverlap?: number;
	/** How the details name the text checked and the memories compared: default "new" and "existing". */
	labels?: { own: string; other: string };
}

const MIN_SHARED_WORDS = 2;
/**
 * Sentences read from one text at most: every sentence of one text is compared with every sentence
 * of the other, which a long note would make quadratic; memories worth a hint are short.
 */
const MAX_SENTENCES = 200;
const QUOTE_LENGTH = 120;

/**
 * Hints that a new memory may disagree with existing ones; they are hints, never edges:
 * - numeric_mismatch: both state a number under the same anchor word and unit, and no value
 *   agrees ("budget is $50,000" vs "budget is $80,000"; not "latency is 200ms" vs "budget is
 *   $50,000", nor "error rate 2%" vs "conversion rate 3%");
 * - negation: a sentence of one is the negation of a sentence of the other — only one of the
 *   two is negative and they share most of their words ("we use Redis" vs "we do not use Redis").
 */
export function possibleConflicts(
	newText: string,
	existing: readonly { id: string; text: string }[],
	options: ConflictOptions = {},
): PossibleConflict[] {
	return conflictsAmong(
		conflictProfile(newText),
		existing.map((memory) => ({ id: memory.id, profile: conflictProfile(memory.text) })),
		options,
	);
}

/** possibleConflicts over profiles already computed (a caller may keep a note's profile with its text). */
export function conflictsAmong(
	fresh: ConflictProfile,
	existing: readonly { id: string; profile: ConflictProfile }[],
	options: ConflictOptions = {},
): PossibleConflict[] {
	return existing.flatMap((memory) => conflictsBetween(fresh, memory.id, memory.profile, options));
}

/** What conflict detection reads from a text: its numeric facts and its sentences. Compute it once per text. */
export interface ConflictProfile {
	facts: NumericFact[];
	sentences: SentenceProfile[];
	/** Whether any sentence is negative: without one on either side there is no one-sided negation. */
	negated: boolean;
}

export function conflictProfile(text: string): ConflictProfile {
	const sentences = sentenceProfiles(text);
	return { facts: numericFacts(text), sentences, negated: sentences.some((sentence) => sentence.negated) };
}

/** The conflicts of one text (`own`) with another (`other`, named `id`); see possibleConflicts. */
export function conflictsBetween(
	own: ConflictProfile,
	id: string,
	other: ConflictProfile,
	options: ConflictOptions = {},
): PossibleConflict[] {
	const minOverlap = options.minTokenOverlap ?? 0.6;
	const labels = options.labels ?? { own: "new", other: "existing" };
	const conflicts: PossibleConflict[] =
		own.facts.length === 0 || other.facts.length === 0
			? []
			: numericMismatches(own.facts, other.facts, labels).map((detail) => ({ id, kind: "numeric_mismatch", detail }));
	const negation =
		own.negated || other.negated ? oneSidedNegation(own.sentences, other.sentences, minOverlap, labels) : null;
	if (negation) conflicts.push({ id, kind: "negation", detail: negation });
	return conflicts;
}

type Labels = { own: string; other: string };

function numericMismatches(newFacts: NumericFact[], oldFacts: NumericFact[], labels: Labels): string[] {
	const byKey = new Map<string, { anchor: string; unit: string; agree: boolean; newText: string; oldText: string }>();
	for (const fresh of newFacts) {
		for (const old of oldFacts) {
			if (fresh.unit !== old.unit) continue;
			const anchor = sharedAnchor(fresh, old);
			if (anchor === undefined) continue;
			const key = `${anchor}\u0000${fresh.unit}`;
			const same = Math.abs(fresh.value - old.value) <= 1e-9 * Math.max(1, Math.abs(old.value));
			const entry = byKey.get(key);
			if (!entry) byKey.set(key, { anchor, unit: fresh.unit, agree: same, newText: fresh.text, oldText: old.text });
			else if (same) entry.agree = true;
		}
	}
	return [...byKey.values()]
		.filter((entry) => !entry.agree)
		.map(
			(e) =>
				`${e.anchor}${e.unit === "" || e.unit === e.anchor ? "" : ` (${e.unit})`}: ${labels.own} ${e.newText}, ${labels.other} ${e.oldText}`,
		);
}

/**
 * The first anchor word both facts have, unless each names a different kind of it
 * ("error rate" vs "conversion rate").
 */
function sharedAnchor(fresh: NumericFact, old: NumericFact): string | undefined {
	for (const anchor of fresh.anchors) {
		const other = old.anchors.find((a) => a.word === anchor.word);
		if (!other) continue;
		if (anchor.modifier !== undefined && other.modifier !== undefined && anchor.modifier !== other.modifier) continue;
		return anchor.word;
	}
	return undefined;
}

interface SentenceProfile {
	text: string;
	words: Set<string>;
	negated: boolean;
}

function sentenceProfiles(text: string): SentenceProfile[] {
	const profiles: SentenceProfile[] = [];
	for (const part of text.split(/(?<=[.!?])\s+|\n+/)) {
		const sentence = part.trim();
		const raw = sentence.match(/\p{L}[\p{L}\p{N}'’]*|\p{N}+/gu) ?? [];
		const words = new Set(raw.map(normalizeWord).filter(isContentWord));
		if (words.size < MIN_SHARED_WORDS) continue;
		profiles.push({ text: sentence, words, negated: raw.some(isNegation) });
		if (profiles.length === MAX_SENTENCES) break;
	}
	return profiles;
}

/** The most overlapping pair of sentences where exactly one side is negative, described; or null. */
function oneSidedNegation(
	fresh: SentenceProfile[],
	old: SentenceProfile[],
	minOverlap: number,
	labels: Labels,
): string | null {
	let best: { overlap: number; fresh: SentenceProfile; old: SentenceProfile } | null = null;
	for (const a of fresh) {
		for (const b of old) {
			if (a.negated === b.negated) continue;
			let shared = 0;
			for (const word of a.words) if (b.words.has(word)) shared++;
			const overlap = shared / (a.words.size + b.words.size - shared);
			if (shared < MIN_SHARED_WORDS || overlap < minOverlap || (best && best.overlap >= overlap)) continue;
			best = { overlap, fresh: a, old: b };
		}
	}
	if (!best) return null;
	const side = best.fresh.negated
		? `the ${labels.own} memory negates`
		: `the ${labels.own} memory drops the negation of`;
	return `${side} a statement of the ${labels.other} one: ${labels.own} "${quote(best.fresh.text)}", ${labels.other} "${quote(best.old.text)}"`;
}

function quote(sentence: string): string {
	return sentence.length <= QUOTE_LENGTH ? sentence : `${sentence.slice(0, QUOTE_LENGTH - 1)}…`;
}
