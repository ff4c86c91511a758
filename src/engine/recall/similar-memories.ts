import { autoLinkFloorFor, type AutoLinkSettings } from "../../core/model/recall-settings";
import type { SimilarMemory } from "../../core/recall/similarity/auto-link";
import { noteTitle, readableText } from "../../core/recall/keyword/keyword-document";
import { tokenize } from "../../core/recall/keyword/tokenize";
import { contentTermReader, termSimilarity } from "../../core/recall/similarity/keyword-similarity";
import { bodyText } from "../../core/recall/recall-hits";
import { duplicateAmong, duplicateProfile, type Duplicate } from "../../core/recall/similarity/duplicates";
import { conflictProfile, type ConflictProfile } from "../../core/recall/conflicts/conflicts";
import type { RecallService } from "./recall-service";
import type { KeywordHit, KeywordIndex } from "../../core/recall/keyword/keyword-index";

/**
 * Lowest keyword similarity (see termSimilarity) that auto-links, chosen by scoring every pair of
 * notes of examples/vault (9 of 465 pairs reach 0.4, each a decision and the memory or incident
 * about the same thing) and of the kepano vault (6 of 5,253: templates and notes made from them;
 * unrelated long clippings stay at or below 0.24). Conservative on purpose: a short memory links
 * only to notes that share most of its words.
 */
const KEYWORD_LINK_FLOOR = 0.4;
/** Candidates looked at per store, from each of the keyword and the vector search. */
const CANDIDATES = 12;
/** Keyword hits looked at before the filter (see acceptedKeywordHits). */
const UNFILTERED_CANDIDATES = 2 * CANDIDATES;
/** How many of the closest memories are checked for conflicting statements. */
const CONFLICT_CANDIDATES = 5;
/** Characters of each close memory searched for conflicting statements (the start of a huge note is enough). */
const CONFLICT_TEXT_CHARS = 20_000;
/** Distinct query words sent to the keyword index; enough to find notes on the same subject. */
const QUERY_WORDS = 32;
/** Characters of a new memory given to the embedding model (it truncates to its window anyway). */
const EMBED_CHARS = 4000;

export interface SimilarMemories {
	basis: "embedding" | "keyword";
	/** Lowest similarity that may auto-link, for this basis. */
	floor: number;
	/** Scored candidates, most similar first. */
	similar: SimilarMemory[];
	/** The closest memories by keyword and by embedding, with what their text states: where conflicts are looked for. */
	nearest: { id: string; profile: ConflictProfile }[];
	/** An existing memory the content repeats (see findDuplicate), when asked for. */
	duplicate: Duplicate | null;
}

export interface SimilarMemoriesDeps {
	recall: RecallService;
	read: (path: string) => Promise<string>;
	/**
	 * `compute` of a note's text, from a cache kept with the text (see NoteTextCache.derived);
	 * without it the text is read and `compute` runs on every call.
	 */
	derive?: <T>(path: string, kind: object, compute: (text: string) => T) => Promise<T>;
	autoLink: () => AutoLinkSettings;
	/** Notes that may be suggested: indexed, readable by the client, not the memory being replaced. */
	accept: (path: string) => boolean;
}

/**
 * Existing memories similar to a new text: by embedding when a model is ready (its own floor
 * per model), else by shared terms over the keyword index's best candidates. Failures of the
 * model fall back to keywords; similarity is a hint and never stops a store. With
 * `duplicatesOf` (the new memory's content), also the memory it repeats: any note with the same
 * words (the recall service's duplicate index), else a near duplicate among the candidates.
 */
export async function findSimilarMemories(
	deps: SimilarMemoriesDeps,
	text: string,
	duplicatesOf?: string,
): Promise<SimilarMemories> {
	const texts = new Map<string, string>();
	const textOf = async (path: string): Promise<string> => {
		let body = texts.get(path);
		if (body === undefined) {
			body = await deps.read(path).then(bodyText, () => "");
			texts.set(path, body);
		}
		return body;
	};
	const keyword = deps.recall.keyword;
	const keywordHits = acceptedKeywordHits(keyword, keywordQuery(text, keyword.settings.stopWords), deps.accept);
	const vector = await vectorSimilar(deps, text);
	let result: Omit<SimilarMemories, "nearest" | "duplicate">;
	if (vector) {
		result = vector;
	} else {
		const termsOf = contentTermReader(keyword.settings);
		const terms = termsOf(text);
		const similar = await Promise.all(
			keywordHits.map(async (hit): Promise<SimilarMemory> => {
				const other = await derivedOf(deps, hit.id, termsOf, textOf, (body) =>
					termsOf(`${noteTitle(hit.id)}\n${readableText(body)}`),
				);
				return { target: hit.id, similarity: termSimilarity(terms, other) };
			}),
		);
		similar.sort((a, b) => b.similarity - a.similarity);
		result = { basis: "keyword", floor: KEYWORD_LINK_FLOOR, similar };
	}
	const closest = new Set([
		...keywordHits.slice(0, CONFLICT_CANDIDATES).map((hit) => hit.id),
		...result.similar.slice(0, CONFLICT_CANDIDATES).map((memory) => memory.target),
	]);
	const nearest = await Promise.all(
		[...closest].map(async (id) => ({
			id,
			profile: await derivedOf(deps, id, conflictProfileOf, textOf, conflictProfileOf),
		})),
	);
	let duplicate: Duplicate | null = null;
	if (duplicatesOf !== undefined) {
		const exact = deps.recall.exactDuplicateCandidates(duplicatesOf).filter(deps.accept);
		const near = [...keywordHits.map((hit) => hit.id), ...result.similar.map((memory) => memory.target)];
		const ids = [...new Set([...exact, ...near])];
		const profiles = ids.map(async (id) => ({
			id,
			words: await derivedOf(deps, id, duplicateProfile, textOf, duplicateProfile),
		}));
		duplicate = duplicateAmong(duplicatesOf, await Promise.all(profiles));
	}
	return { ...result, nearest, duplicate };
}

/** What conflicts are looked for in: the start of a note's body (the start of a huge note is enough). */
function conflictProfileOf(body: string): ConflictProfile {
	return conflictProfile(body.slice(0, CONFLICT_TEXT_CHARS));
}

/**
 * `compute` of a note's body, kept with its text by the deps when they can (`kind` is what is
 * computed: a function of the settings, or the computing function itself); a note that cannot
 * be read counts as empty.
 */
function derivedOf<T>(
	deps: SimilarMemoriesDeps,
	path: string,
	kind: object,
	textOf: (path: string) => Promise<string>,
	compute: (body: string) => T,
): Promise<T> {
	if (!deps.derive) return textOf(path).then(compute);
	return deps.derive(path, kind, (text) => compute(bodyText(text))).catch(() => compute(""));
}

async function vectorSimilar(
	deps: SimilarMemoriesDeps,
	text: string,
): Promise<Omit<SimilarMemories, "nearest" | "duplicate"> | null> {
	const embeddings = deps.recall.noteEmbeddings;
	if (!embeddings?.ready) return null;
	try {
		const hits = await embeddings.nearest(text.slice(0, EMBED_CHARS), CANDIDATES, deps.accept);
		return {
			basis: "embedding",
			floor: autoLinkFloorFor(deps.autoLink(), embeddings.embedder.modelId),
			similar: hits.map((hit) => ({ target: hit.path, similarity: hit.similarity })),
		};
	} catch {
		// The model failed (its queue reports that); keywords still give an answer.
		return null;
	}
}

/**
 * The keyword index's best CANDIDATES that `accept` passes. A query of many words matches much of
 * the vault, and a filter call per matching note cost more than the search; the index orders
 * ties by a fixed key, so the accepted head of a longer unfiltered list is the same answer. Only
 * when too few of that list pass does the filtered search run.
 */
export function acceptedKeywordHits(
	keyword: KeywordIndex,
	query: string,
	accept: (path: string) => boolean,
): KeywordHit[] {
	const wider = keyword.match(query, { limit: UNFILTERED_CANDIDATES });
	const accepted = wider.filter((hit) => accept(hit.id));
	if (accepted.length >= CANDIDATES || wider.length < UNFILTERED_CANDIDATES) return accepted.slice(0, CANDIDATES);
	return keyword.match(query, { limit: CANDIDATES, filter: accept });
}

/** The first distinct words of the text: a query that finds notes on the same subject without costing a search per word. */
function keywordQuery(text: string, stopWords: readonly string[]): string {
	const skip = new Set(stopWords);
	const words = new Set<string>();
	for (const token of tokenize(text)) {
		if (words.size >= QUERY_WORDS) break;
		if (token.length > 1 && !skip.has(token)) words.add(token);
	}
	return [...words].join(" ");
}
