import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { RecallSettings } from "../../core/model/recall-settings";
import { cueHits, cueQuery, type CueHit } from "../../core/cues/cue-recall";
import type { CueScratch } from "../../core/cues/cue-scratch";
import { dayOfTime } from "../../core/time/calendar";
import { weighByEpisode } from "../../core/recall/episodes";
import { fuseRankings, fuseScores, type FusedHit, type ScoredList } from "../../core/recall/fusion";
import type { KeywordHit } from "../../core/recall/keyword/keyword-index";
import type { RankedMemory } from "../../core/recall/rank";
import type { SpreadHit } from "../../core/recall/spreading-activation";
import type { VectorHit } from "../../core/recall/vector/vector-index";
import { rankDiverse } from "../../core/recall/diversify";
import { bodyText, recallHit, type HitText } from "../../core/recall/recall-hits";
import {
	RECALL_MODES,
	type RecallHit,
	type RecallMode,
	type RecallOptions,
	type RecallPipeline,
	type RecallResult,
} from "../../core/recall/recall-types";
import { asksWhy, questionContent } from "../../core/recall/query-intent";
import { coveredTerms, weightByCoverage } from "../../core/recall/query-coverage";
import type { NoteEmbeddings } from "../embeddings/note-embeddings";
import type { RecallGraphState } from "./recall-graph-state";
import type { CurrentGraphState } from "./current-graph-state";
import type { LiveKeywordIndex } from "./live-keyword-index";
import type { CurrentEmbeddings } from "./current-embeddings";
import type { NoteIntake } from "./note-intake";
import type { RecallConflicts } from "./recall-conflicts";
import type { MemoryFacts } from "./memory-facts";
import { cascadeNeighbours, type Reactivate } from "./recall-reactivation";
import { resultCount } from "./result-count";
import { recallCandidates } from "./recall-candidates";

/** Everything one recall reads; settings and pipeline are read where each stage needs them. */
export interface RecallSource {
	graphState: CurrentGraphState;
	keyword: LiveKeywordIndex;
	embeddings: CurrentEmbeddings;
	notes: NoteIntake;
	cueScratch: CueScratch;
	conflicts: RecallConflicts;
	facts: MemoryFacts;
	settings: () => RecallSettings;
	pipeline: () => RecallPipeline;
	clock?: () => number;
	read?: (path: string) => Promise<string>;
	reactivate?: Reactivate;
}

/** One recall's question, as every stage sees it. */
interface Asked {
	query: string;
	/** The question without its question words, which keyword and cue matching use. */
	content: string;
	/** "keyword" stays on the keyword index; the others use the graph too; "full" embeddings when ready. */
	mode: RecallMode;
	settings: RecallSettings;
	state: RecallGraphState;
	inGraph: (path: string) => boolean;
}

/** What each retriever matched, before fusion. */
interface Matches {
	keywordHits: KeywordHit[];
	vectorHits: VectorHit[];
	cueMatches: CueHit[];
	/** Memories within a time the question names: that part of the question counts as covered. */
	inTime: Set<string>;
	embeddings: NoteEmbeddings | undefined;
	useVector: boolean;
	useGraph: boolean;
}

/** How many of the best keyword and vector hits enter fusion. */
const CANDIDATE_POOL = 100;

/**
 * Recall, stage by stage: match the question in each retriever, fuse their rankings, spread
 * activation over the graph, rank with retention and diversity, and explain each hit (its text,
 * why it came, its conflicts with the others). Unless read-only, the hits are then reactivated.
 */
export async function recallQuery(source: RecallSource, query: string, options: RecallOptions): Promise<RecallResult> {
	const { limit, mode } = checkedRequest(query, options);
	const state = source.graphState.current();
	const partial = source.graphState.partial || source.keyword.incomplete;
	const asked = askedOf(source, query, mode, state, options.include);
	const matches = await match(source, asked);
	const fused = fuse(source, asked, matches);
	const spread = spreadFrom(asked, matches, fused);
	const ranked = rank(source, asked, matches, fused, spread, limit);
	const results = await explain(source, state.graph, ranked, options.verbosity ?? "concise");
	if (options.readOnly !== true && source.reactivate && results.length > 0) {
		const paths = results.map((hit) => hit.path);
		await source.reactivate(paths, cascadeNeighbours(state.graph, paths));
	}
	return {
		query,
		mode: mode === "full" && !matches.useVector ? "keyword+graph" : mode,
		vector: matches.useVector,
		embeddingsPending: matches.embeddings?.pending ?? 0,
		...(partial ? { partial: true as const } : {}),
		results,
	};
}

function checkedRequest(query: string, options: RecallOptions): { limit: number; mode: RecallMode } {
	if (typeof query !== "string" || query.trim() === "")
		throw new Error("Recall needs a non-empty query; use search with an empty query to list memories by recency.");
	const limit = resultCount(options.maxResults ?? options.k);
	const mode = options.mode ?? "full";
	if (!RECALL_MODES.includes(mode))
		throw new Error(`Recall mode "${String(mode)}" is unknown; use one of ${RECALL_MODES.join(", ")}.`);
	return { limit, mode };
}

function askedOf(
	source: RecallSource,
	query: string,
	mode: RecallMode,
	state: RecallGraphState,
	include: ((path: string) => boolean) | undefined,
): Asked {
	const { graph } = state;
	const inGraph =
		include === undefined
			? (path: string): boolean => graph.hasNote(path)
			: (path: string): boolean => graph.hasNote(path) && include(path);
	return { query, content: questionContent(query), mode, settings: source.settings(), state, inGraph };
}

/** Keyword hits, vector hits when a model is ready and the mode is full, and cue hits unless keyword-only. */
async function match(source: RecallSource, asked: Asked): Promise<Matches> {
	const { mode, inGraph, settings } = asked;
	// The keyword index follows the graph, so notes outside it are rare (a note being re-read):
	// dropping them afterwards is cheaper than a filter call per matching note.
	const keywordHits = source.keyword.index
		.match(asked.content, { limit: CANDIDATE_POOL })
		.filter((hit) => inGraph(hit.id));
	const embeddings = source.embeddings.current;
	const useVector = mode === "full" && embeddings !== undefined && embeddings.ready;
	const vectorHits = useVector ? await embeddings.nearest(asked.query, CANDIDATE_POOL, inGraph) : [];
	const useGraph = mode !== "keyword";
	const inTime = new Set<string>();
	const cueMatches = useGraph && settings.cues.weight > 0 ? matchCues(source, asked.content, inGraph, inTime) : [];
	return { keywordHits, vectorHits, cueMatches, inTime, embeddings, useVector, useGraph };
}

function matchCues(source: RecallSource, content: string, include: (path: string) => boolean, inTime: Set<string>) {
	const now = source.clock?.();
	const asked = cueQuery(content, now === undefined ? undefined : dayOfTime(now));
	const { cues } = source.notes;
	return cueHits(cues, asked, source.settings().cues, CANDIDATE_POOL * 2, source.cueScratch, inTime)
		.filter((hit) => include(hit.id))
		.slice(0, CANDIDATE_POOL);
}

/**
 * The rankings fused into a note's query relevance, each a list of its own: keyword (BM25
 * weighted by query-term coverage), vector similarity when a model is ready, and the cue
 * channel (shared names, topics and times); then weighed by episode. A new signal is one more list.
 */
function fuse(source: RecallSource, asked: Asked, matches: Matches): FusedHit[] {
	const { settings } = asked;
	const { keywordHits, vectorHits, cueMatches, inTime } = matches;
	const keywordTerms = new Map(keywordHits.map((hit) => [hit.id, hit.terms]));
	const termsOf = (id: string): readonly string[] | undefined => coveredTerms(keywordTerms.get(id), inTime.has(id));
	const { keywordWeight, coverageExponent, vectorWeight } = settings.fusion;
	const covered = keywordHits.map((hit) => ({ id: hit.id, score: hit.score, terms: termsOf(hit.id) ?? hit.terms }));
	const lists: ScoredList[] = [
		{ name: "keyword", hits: weightByCoverage(covered, coverageExponent), weight: keywordWeight, scale: "relative" },
	];
	const vectors = source.embeddings.current?.vectors;
	if (matches.useVector && vectors) {
		const hits = vectorHits.map((hit) => ({ id: hit.path, score: hit.similarity }));
		lists.push({ name: "vector", hits, weight: vectorWeight, scale: "absolute", covers: (id) => vectors.has(id) });
	}
	if (cueMatches.length > 0)
		lists.push({ name: "cues", hits: cueMatches, weight: settings.cues.weight, scale: "absolute" });
	const fused =
		source.pipeline().fusion === "relative"
			? fuseScores(lists)
			: fuseRankings(
					lists.map((list) => ({ name: list.name, ids: list.hits.map((hit) => hit.id), weight: list.weight })),
					settings.fusion.k,
				);
	const { episodes } = source.notes;
	return matches.useGraph && episodes.size > 0
		? weighByEpisode(fused, episodes.episodeOf, settings.episodes, termsOf)
		: fused;
}

/** Activation spread over the typed graph from the best fused hits (none in keyword mode). */
function spreadFrom({ settings, state, query }: Asked, matches: Matches, fused: FusedHit[]): Map<string, SpreadHit> {
	if (!matches.useGraph || settings.spreading.seeds <= 0) return new Map<string, SpreadHit>();
	const seeds = fused.slice(0, settings.spreading.seeds).map((hit) => ({ id: hit.id, activation: hit.score }));
	return state.spreading.spread(seeds, {
		communityOf: (path) => state.communities.communityOf(path),
		asksWhy: asksWhy(query),
	});
}

/** The best `limit` candidates by relevance, retention and status, diversified by community and episode. */
function rank(
	source: RecallSource,
	asked: Asked,
	matches: Matches,
	fused: FusedHit[],
	spread: Map<string, SpreadHit>,
	limit: number,
): RankedMemory[] {
	const { settings, state } = asked;
	const candidates = [
		...recallCandidates(
			state,
			fused,
			spread,
			matches.keywordHits,
			matches.vectorHits,
			asked.inGraph,
			source.facts,
		).values(),
	];
	const diversity = matches.useGraph ? source.pipeline().diversity : 1;
	const episodes = matches.useGraph
		? {
				of: source.notes.episodes.episodeOf,
				factor: settings.episodes.diversity,
				depth: settings.episodes.diversityDepth,
				focus: settings.episodes.focus,
			}
		: undefined;
	const communityOf = (path: string): number | undefined => state.communities.communityOf(path);
	return rankDiverse(candidates, settings.ranking, limit, diversity, communityOf, episodes);
}

/** The ranked memories as hits: their text (snippet or full), why they came, and their conflicts with each other. */
async function explain(
	source: RecallSource,
	graph: MemoryGraph,
	ranked: RankedMemory[],
	verbosity: "full" | "concise",
): Promise<RecallHit[]> {
	const results = await Promise.all(
		ranked.map(async (memory) => {
			const node = graph.node(memory.id);
			const status = node ? source.facts.statusOf(memory.id, node) : "active";
			return recallHit(memory, node, status, await hitText(source, memory.id, verbosity));
		}),
	);
	source.conflicts.flag(graph, results, source.settings().conflicts);
	return results;
}

async function hitText(source: RecallSource, path: string, verbosity: "full" | "concise"): Promise<HitText> {
	if (verbosity === "concise") {
		const snippet = source.notes.snippets.get(path);
		return snippet === undefined ? null : { snippet };
	}
	if (!source.read) return null;
	try {
		return { content: bodyText(await source.read(path)) };
	} catch {
		// A note deleted between ranking and reading: the hit stays, without text.
		return null;
	}
}
