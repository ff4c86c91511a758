import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseNote } from "../src/core/parse/parse-note";
import type { CorpusQuestion } from "./kepano-questions";
import { createRng, type Rng } from "./prng";
import type { PlannedNote, VaultPlan } from "./vault-plan";

/**
 * Questions drawn by rule from a synthetic vault (bench/generate-vault.ts), each with the notes that
 * answer it. Three kinds, so a recall change is checked on more than chat turns and the kepano vault:
 *
 * - words: three of a note's rarer words and two of its common ones, shuffled → that note;
 * - alias: a note's alias of two or three words → that note;
 * - cause: three rarer words of a note with a `caused_by` list → that note and its first cause,
 *   which shares none of the question's words on purpose: only the typed link can find it.
 */
export interface SyntheticQuestionCounts {
	words: number;
	alias: number;
	cause: number;
}

const DEFAULT_SYNTHETIC_COUNTS: SyntheticQuestionCounts = { words: 40, alias: 20, cause: 40 };

/** A word counts as rare when at most this share of the notes contain it (and at least two do). */
const RARE_SHARE = 0.05;
/** A word counts as common when at least this share of the notes contain it. */
const COMMON_SHARE = 0.2;
const MIN_BODY_WORDS = 40;

export interface SyntheticQuestion extends CorpusQuestion {
	kind: keyof SyntheticQuestionCounts;
}

/** The questions for the vault generated from `plan` into `dir`; the same for the same vault and seed. */
export async function syntheticQuestions(
	dir: string,
	plan: VaultPlan,
	seed: number,
	counts: SyntheticQuestionCounts = DEFAULT_SYNTHETIC_COUNTS,
): Promise<SyntheticQuestion[]> {
	const bodies = await Promise.all(plan.notes.map((note) => readBodyWords(join(dir, note.path))));
	const documentFrequency = new Map<string, number>();
	for (const words of bodies)
		for (const word of words) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
	const notes = plan.notes.length;
	const isRare = (word: string): boolean => {
		const df = documentFrequency.get(word) ?? 0;
		return df >= 2 && df <= Math.max(2, notes * RARE_SHARE);
	};
	const isCommon = (word: string): boolean => (documentFrequency.get(word) ?? 0) >= notes * COMMON_SHARE;
	const rng = createRng(seed);
	const usable = plan.notes.flatMap((note, index) =>
		bodies[index].size >= MIN_BODY_WORDS && [...bodies[index]].filter(isRare).length >= 3 ? [index] : [],
	);
	const rareOf = (index: number): string[] => [...bodies[index]].filter(isRare);
	const commonOf = (index: number): string[] => [...bodies[index]].filter(isCommon);

	const questions: SyntheticQuestion[] = [];
	for (const index of sample(rng, usable, counts.words)) {
		const words = [...sample(rng, rareOf(index), 3), ...sample(rng, commonOf(index), 2)];
		questions.push({ kind: "words", question: shuffle(rng, words).join(" "), answers: [plan.notes[index].path] });
	}
	const aliased = plan.notes.filter((note) => note.aliases.some(isPhrase));
	for (const note of sample(rng, aliased, counts.alias)) {
		const alias = rng.pick(note.aliases.filter(isPhrase));
		questions.push({ kind: "alias", question: alias, answers: [note.path] });
	}
	const caused = usable.filter((index) => firstCause(plan.notes[index]) !== undefined);
	for (const index of sample(rng, caused, counts.cause)) {
		const cause = plan.notes[firstCause(plan.notes[index]) ?? index];
		const question = `why ${sample(rng, rareOf(index), 3).join(" ")}`;
		questions.push({ kind: "cause", question, answers: [plan.notes[index].path, cause.path] });
	}
	return questions;
}

function firstCause(note: PlannedNote): number | undefined {
	return note.typed.find((list) => list.key === "caused_by")?.targets[0];
}

function isPhrase(alias: string): boolean {
	return alias.split(" ").length >= 2;
}

/** The distinct lower-cased words of a note's body, link targets and block ids left out (they are other notes' names, or not words). */
async function readBodyWords(path: string): Promise<Set<string>> {
	const content = await readFile(path, "utf8");
	const body = content
		.slice(parseNote(content).bodyStart)
		.replace(/\[\[[^\]]*\]\]/g, " ")
		.replace(/\[[^\]]*\]\([^)]*\)/g, " ")
		.replace(/\^[\w-]+/g, " ");
	return new Set(body.toLowerCase().match(/\b[a-z]{3,}\b/g) ?? []);
}

function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
	return shuffle(rng, items).slice(0, count);
}

function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
	const copy = [...items];
	for (let i = copy.length - 1; i > 0; i--) {
		const j = rng.int(i + 1);
		[copy[i], copy[j]] = [copy[j], copy[i]];
	}
	return copy;
}
