import { LIFECYCLE_STATUSES, type LifecycleStatus } from "../../core/model/lifecycle-status";
import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { MemoryNodeAttributes } from "../../core/graph/types";
import { DEFAULT_RECALL_SETTINGS, type RecallSettings } from "../../core/model/recall-settings";
import type { LoadedNote } from "../../core/model/vault";
import { fuseRankings, type FusedHit } from "../../core/recall/fusion";
import { keywordDocument, noteTitle } from "../../core/recall/keyword/keyword-document";
import { cueHits, cueQuery, type CueHit } from "../../core/cues/cue-recall";
import { CueScratch } from "../../core/cues/cue-scratch";
import { dayOfTime } from "../../core/time/calendar";
import { CueIndex } from "./cue-index";
import type { CueRecord } from "../../core/cues/extract-cues";
import type { TabledCueRecord } from "../../core/cues/cue-table";
import { EpisodeIndex } from "./episode-index";
import { weighByEpisode } from "../../core/recall/episodes";
import { memoryFrontmatter } from "../../core/graph/node-attributes";
import { KeywordIndex, type KeywordHit } from "../../core/recall/keyword/keyword-index";
import type { KeywordSettingsInput } from "../../core/model/keyword-settings";
import type { RankedMemory, RecallCandidate } from "../../core/recall/rank";
import type { SpreadHit } from "../../core/recall/spreading-activation";
import { summaryOf } from "../../core/consolidation/consolidated-key";
import type { VectorHit } from "../../core/recall/vector/vector-index";
import { rankDiverse } from "../../core/recall/diversify";
import { fileStamp } from "./keyword-cache";
import type { NoteEmbeddings } from "../embeddings/note-embeddings";
import { RecallGraphState } from "./recall-graph-state";
import { SupersededIndex } from "../../core/recall/conflicts/superseded-index";
import type { CommunityDetector } from "../../core/recall/communities/communities";
import { bodyText, recallHit, searchHit, snippetOf, type HitText } from "../../core/recall/recall-hits";
import type { Reactivate } from "./recall-reactivation";
import {
	DEFAULT_RECALL_PIPELINE,
	RECALL_MODES,
	type RecallHit,
	type RecallOptions,
	type RecallPipeline,
	type RecallResult,
	type SearchFilters,
	type SearchHit,
} from "../../core/recall/recall-types";
import { fuseScores, type ScoredList } from "../../core/recall/fusion";
import { asksWhy, questionContent } from "../../core/recall/query-intent";
import { coveredTerms, weightByCoverage } from "../../core/recall/query-coverage";
import { compileFilters, type FilterFacts } from "../../core/recall/search-filters";
import { duplicateHash } from "../../core/recall/similarity/duplicates";
import { DuplicateHashIndex } from "../../core/recall/similarity/duplicate-hash-index";
import { SnippetStore } from "./snippet-store";
import { conflictsAmong } from "../../core/recall/conflicts/hit-conflicts";
import { conflictProfile, type ConflictProfile } from "../../core/recall/conflicts/conflicts";
import type { IndexChange, VaultIndex } from "../index/vault-index";
import { TimeSlicer } from "../index/time-slicer";
import type { Timers } from "../../core/model/timers";

export interface RecallServiceDeps {
	/** Read on every recall, so changed settings apply at once. */
	settings?: () => RecallSettings;
	keywordSettings?: KeywordSettingsInput;
	/** A keyword index loaded from the cache: notes whose stamp still matches are not re-indexed. */
	keywordIndex?: KeywordIndex;
	/** Embeddings, when a model is configured; recall works without them. */
	embeddings?: NoteEmbeddings;
	/** Lifecycle status (maintenance knows it); default: the note's `memory_status`, else active. */
	statusOf?: (path: string) => LifecycleStatus;
	/** Retention in [0, 1] from the last scoring pass; unknown counts as 1. */
	retentionOf?: (path: string) => number | undefined;
	/** Last recall or open (ms), for recency; unknown falls back to the note's mtime. */
	lastUsedOf?: (path: string) => number | null | undefined;
	/** Reactivates returned memories and cascades to their neighbours; without it recall changes nothing. */
	reactivate?: Reactivate;
	/** Reads a note's text for "full" verbosity; without it such hits carry no text. */
	read?: (path: string) => Promise<string>;
	/** Fusion method and result diversity (defaults: DEFAULT_RECALL_PIPELINE). */
	pipeline?: () => RecallPipeline;
	/** A fresh seeded random function per Louvain run, so communities are reproducible. */
	createRandom?: () => () => number;
	/** Now (ms): the day a question's relative times ("last week") count from; without it they are ignored. */
	clock?: () => number;
	/** Runs Louvain off the main thread (the maintenance worker); without it, or with createRandom, it runs here. */
	detectCommunities?: CommunityDetector;
}

/** What recall derives from a note's text besides its keywords: kept in the note digest. */
export interface NoteDerived<Cues = CueRecord> {
	snippet: string;
	/** duplicateHash of the body; null when the body is longer than any memory. */
	duplicateHash: number | null;
	cues: Cues;
}

/** How many of the best keyword and vector hits enter fusion. */
const CANDIDATE_POOL = 100;
const DEFAULT_K = 10;
/** Most neighbours a single recall cascades to. */
const MAX_CASCADES = 20;
const MAX_K = 200;
/** Longest note body kept in the duplicate index: the longest memory a store accepts (100 KB). */
const MAX_DUPLICATE_CHARS = 100 * 1024;
/** How many of the best results are checked against each other for conflicts. */
const CONFLICT_HITS = 20;
/** Conflict profiles of snippets kept between recalls (the oldest go first): ≈ 2 KB each. */
const MAX_CACHED_PROFILES = 2000;
/**
 * Characters of a full result searched for conflicting statements: a memory states its facts at
 * the top, and the pairwise check grows with the square of the sentences compared.
 */
const CONFLICT_TEXT_CHARS = 2000;

/**
 * Recall and search over the vault index: a keyword index kept in step with the vault (fed by
 * the index's `onLoaded` and change events), optional embeddings, spreading activation over the
 * typed graph with Louvain communities, and the final rank that mixes relevance with retention.
 *
 * Wiring: pass `service.noteLoaded` as the VaultIndex's `onLoaded` option, then `attach(index)`.
 */
export class RecallService {
	private keywordIndex: KeywordIndex;
	/** Bumped on every keyword index change, so a host saves the cache only when it changed. */
	private keywordChanges = 0;
	private index: VaultIndex | null = null;
	private state: RecallGraphState | null = null;
	private unsubscribe: (() => void) | null = null;
	private embeddings: NoteEmbeddings | undefined;
	/**
	 * The snippet concise recall shows, per note, taken when the note is loaded: reading ten notes
	 * per recall was most of its cost.
	 */
	private readonly snippets = new SnippetStore();
	/** duplicateHash of each note's body (bodies longer than any memory left out): finds exact duplicates at store. ≈ 50 bytes a note. */
	private readonly duplicateHashes = new DuplicateHashIndex();
	/** Conflict profiles of snippets (see flagConflicts), dropped when the note changes. */
	private readonly snippetProfiles = new Map<string, ConflictProfile>();
	/** Names, topics, tags, link texts and times of every note, for the cue channel. */
	readonly cues = new CueIndex();
	/** Reused by every cue query (`cueHits`). */
	private readonly cueScratch = new CueScratch();
	/** The episode (`memory_session`) of every note that has one. */
	readonly episodes = new EpisodeIndex();

	/**
	 * Notes of a cached keyword index not read since start: the first read skips re-indexing one
	 * whose stamp still matches. Every later read re-indexes, since an edit can keep mtime and size.
	 */
	private fromCache: Set<string>;
	/** A full re-index (see `reindex`): "listing" until it reads its first note, then "reading"; null otherwise. */
	private reindexing: "listing" | "reading" | null = null;
	/** Set when a re-index replaces the keyword index, cleared when it succeeds. */
	private keywordIncomplete = false;
	/** Keyword settings the next re-index starts its index with (see `useKeywordSettings`). */
	private nextKeywordSettings: KeywordSettingsInput | null = null;
	/** The graph whose missing notes `settleAfterBuild` has taken out already. */
	private settledFor: MemoryGraph | null = null;
	/** The graph `settleAfterBuild` is working on: recall answers from the state before it meanwhile. */
	private settling: MemoryGraph | null = null;

	constructor(private readonly deps: RecallServiceDeps = {}) {
		this.keywordIndex = deps.keywordIndex ?? new KeywordIndex(deps.keywordSettings ?? {});
		this.fromCache = new Set(deps.keywordIndex?.ids() ?? []);
		this.embeddings = deps.embeddings;
	}

	get keyword(): KeywordIndex {
		return this.keywordIndex;
	}

	/** How many keyword index changes so far (compare two readings to know whether to save the cache). */
	get keywordVersion(): number {
		return this.keywordChanges;
	}

	/**
	 * Takes a keyword index loaded from the cache, before the vault index is built: notes whose
	 * stamp still matches are then not re-tokenized.
	 */
	adoptCachedKeywordIndex(index: KeywordIndex): void {
		this.keywordIndex = index;
		this.fromCache = new Set(index.ids());
	}

	/**
	 * Runs a full re-index of the vault (`build`) into a fresh keyword index, which takes the
	 * current one's place as the build reads its first note: one index at a time, as at a first
	 * start. Two of them (the old one answering while the new one filled) were ≈ 140 MB more at
	 * 100k notes, and the old one's garbage at the swap one long collection. Until the build
	 * succeeds the index holds the notes read so far, so search and recall answer from those,
	 * recall marked partial; a build that fails after its first read leaves recall partial until
	 * a rebuild succeeds. Re-adding every note to the live index instead would keep every old
	 * posting until a compaction, as much as a second index.
	 */
	async reindex<T>(build: () => Promise<T>): Promise<T> {
		this.reindexing = "listing";
		try {
			const result = await build();
			this.keywordIncomplete = false;
			return result;
		} finally {
			this.reindexing = null;
		}
	}

	/**
	 * Changed keyword settings. Every one of them lives in the keyword index (how a note is
	 * tokenized, how a query matches), so they apply to an empty index at once and otherwise from
	 * the next `reindex`, which starts a fresh index with them.
	 */
	useKeywordSettings(settings: KeywordSettingsInput): void {
		if (this.keywordIndex.size === 0 && this.reindexing === null) {
			this.keywordIndex = new KeywordIndex(settings);
			this.fromCache.clear();
		} else {
			this.nextKeywordSettings = settings;
		}
	}

	/** Embeddings, when a model is loaded: notes loaded from now on are embedded too. */
	get noteEmbeddings(): NoteEmbeddings | undefined {
		return this.embeddings;
	}

	/**
	 * Starts using embeddings loaded after the index was built (the model loads in the
	 * background): the caller feeds the notes already indexed through `noteLoaded`'s embedding
	 * half, `embedNote`. Undefined stops them (the model was removed).
	 */
	useEmbeddings(embeddings: NoteEmbeddings | undefined): void {
		this.embeddings = embeddings;
	}

	/**
	 * Resolves once a note just indexed is found by every retriever: at once for keywords (the
	 * index fed them before), when its vectors are in for embeddings (it is embedded first).
	 */
	whenSearchable(path: string): Promise<void> {
		return this.embeddings?.whenEmbedded(path) ?? Promise.resolve();
	}

	/** Queues one already indexed note for embedding (see `useEmbeddings`). */
	embedNote(note: LoadedNote): void {
		this.embeddings?.update(note);
	}

	/** Give this to the VaultIndex as `onLoaded`: every note it reads is (re)indexed here. */
	readonly noteLoaded = (note: LoadedNote): void => {
		const path = note.file.path;
		const stamp = fileStamp(note.file);
		if (this.reindexing === "listing") this.startReindexing();
		const keyword = this.keyword;
		const cachedAndUnchanged = this.fromCache.delete(path) && keyword.stampOf(path) === stamp;
		if (!cachedAndUnchanged) {
			keyword.replace(keywordDocument(path, note.content, note.parsed, keyword.settings), stamp);
			this.keywordChanges++;
		}
		const body = note.content.slice(note.parsed.bodyStart).trim();
		this.snippets.set(path, snippetOf(body));
		this.snippetProfiles.delete(path);
		if (body.length <= MAX_DUPLICATE_CHARS) this.duplicateHashes.set(path, duplicateHash(body));
		else this.duplicateHashes.delete(path);
		this.cues.update(path, { content: note.content, parsed: note.parsed, ctime: note.file.ctime }, noteTitle(path));
		this.episodes.update(path, memoryFrontmatter(note.parsed).session);
		this.embeddings?.update(note);
	};

	/** A re-index's first read: the keyword index starts empty (see `reindex`). */
	private startReindexing(): void {
		this.reindexing = "reading";
		this.keywordIndex = new KeywordIndex(this.nextKeywordSettings ?? this.keywordIndex.settings);
		this.nextKeywordSettings = null;
		this.fromCache.clear();
		this.keywordIncomplete = true;
		this.keywordChanges++;
	}

	/**
	 * Takes what `noteLoaded` would derive from a note's text from its digest instead (a start
	 * that does not read the note). False, changing nothing, unless the cached keyword index holds
	 * the note at this very stamp and it was not read since: then the caller must read the note.
	 */
	adoptDerived(
		path: string,
		stamp: string,
		session: string | undefined,
		derived: NoteDerived<CueRecord | TabledCueRecord>,
	): boolean {
		if (this.embeddings || !this.fromCache.has(path) || this.keyword.stampOf(path) !== stamp) return false;
		this.fromCache.delete(path);
		this.snippets.set(path, derived.snippet);
		this.snippetProfiles.delete(path);
		if (derived.duplicateHash === null) this.duplicateHashes.delete(path);
		else this.duplicateHashes.set(path, derived.duplicateHash);
		this.cues.set(path, derived.cues);
		this.episodes.update(path, session);
		return true;
	}

	/** What `adoptDerived` takes, as this service holds it for a note; undefined for a note it does not hold. */
	derivedOf(path: string): NoteDerived | undefined {
		const snippet = this.snippets.get(path);
		const cues = this.cues.recordOf(path);
		if (snippet === undefined || cues === undefined) return undefined;
		return { snippet, duplicateHash: this.duplicateHashes.get(path) ?? null, cues };
	}

	/** Indexed notes whose body may repeat `text` word for word (same duplicateHash); read them to be sure. */
	exactDuplicateCandidates(text: string): string[] {
		const hash = duplicateHash(text);
		if (hash === 0) return [];
		return this.duplicateHashes.pathsWith(hash);
	}

	/** Follows the index's removals and renames; returns a function that stops following. */
	attach(index: VaultIndex): () => void {
		this.unsubscribe?.();
		this.index = index;
		const stop = index.onChange((change) => this.onChange(change));
		this.unsubscribe = () => {
			stop();
			this.unsubscribe = null;
		};
		return this.unsubscribe;
	}

	/**
	 * Recomputes the Louvain communities (spreading penalty, result diversity) if the graph has
	 * changed enough since the last run; returns whether it did. Costly at 100k notes (seconds),
	 * so it runs off the recall path: after the index is built and after maintenance passes.
	 * Until the first run, recall works without communities.
	 */
	refreshCommunities(): boolean {
		return this.graphState().communities.refresh();
	}

	/** The note's Louvain community from the last computation; undefined before it or for a newer note. */
	communityOf(path: string): number | undefined {
		return this.graphState().communities.communityOf(path);
	}

	/** `refreshCommunities` off the main thread when the service has a detector for it (engines do). */
	updateCommunities(): Promise<boolean> {
		const { detectCommunities, createRandom } = this.deps;
		if (!detectCommunities || createRandom) return Promise.resolve(this.refreshCommunities());
		return this.graphState().communities.refreshWith(detectCommunities);
	}

	/** Stops following the index and drops the graph caches. */
	dispose(): void {
		this.unsubscribe?.();
		this.state?.dispose();
		this.state = null;
	}

	async recall(query: string, options: RecallOptions = {}): Promise<RecallResult> {
		if (typeof query !== "string" || query.trim() === "")
			throw new Error("Recall needs a non-empty query; use search with an empty query to list memories by recency.");
		const limit = resultCount(options.maxResults ?? options.k);
		const requested = options.mode ?? "full";
		if (!RECALL_MODES.includes(requested))
			throw new Error(`Recall mode "${String(requested)}" is unknown; use one of ${RECALL_MODES.join(", ")}.`);
		const settings = this.settings();
		const state = this.graphState();
		const partial = this.index?.partial !== null || this.settling !== null || this.keywordIncomplete;
		const graph = state.graph;
		const include = options.include;
		const inGraph =
			include === undefined
				? (path: string): boolean => graph.hasNote(path)
				: (path: string): boolean => graph.hasNote(path) && include(path);

		// The keyword index follows the graph, so notes outside it are rare (a note being re-read):
		// dropping them afterwards is cheaper than a filter call per matching note.
		const asked = questionContent(query);
		const keywordHits = this.keyword.match(asked, { limit: CANDIDATE_POOL }).filter((hit) => inGraph(hit.id));
		const embeddings = this.embeddings;
		const useVector = requested === "full" && embeddings !== undefined && embeddings.ready;
		const vectorHits = useVector ? await embeddings.nearest(query, CANDIDATE_POOL, inGraph) : [];
		const useGraph = requested !== "keyword";
		// Memories within a time the question names: that part of the question counts as covered.
		const inTime = new Set<string>();
		const cueMatches = useGraph && settings.cues.weight > 0 ? this.cueMatches(asked, inGraph, inTime) : [];
		const keywordTerms = new Map(keywordHits.map((hit) => [hit.id, hit.terms]));
		const termsOf = (id: string): readonly string[] | undefined => coveredTerms(keywordTerms.get(id), inTime.has(id));
		const fusedHits = this.fuse(keywordHits, vectorHits, cueMatches, useVector, settings, termsOf);
		const fused =
			useGraph && this.episodes.size > 0
				? weighByEpisode(fusedHits, this.episodes.episodeOf, settings.episodes, termsOf)
				: fusedHits;

		const communityOf = (path: string): number | undefined => state.communities.communityOf(path);
		const spread =
			useGraph && settings.spreading.seeds > 0
				? state.spreading.spread(
						fused.slice(0, settings.spreading.seeds).map((hit) => ({ id: hit.id, activation: hit.score })),
						{ communityOf, asksWhy: asksWhy(query) },
					)
				: new Map<string, SpreadHit>();

		const candidates = [...this.candidates(state, fused, spread, keywordHits, vectorHits, inGraph).values()];
		const diversity = useGraph ? this.pipeline().diversity : 1;
		const episodes = useGraph
			? {
					of: this.episodes.episodeOf,
					factor: settings.episodes.diversity,
					depth: settings.episodes.diversityDepth,
					focus: settings.episodes.focus,
				}
			: undefined;
		const ranked = rankDiverse(candidates, settings.ranking, limit, diversity, communityOf, episodes);
		const verbosity = options.verbosity ?? "concise";
		const results = await Promise.all(ranked.map((memory) => this.hitOf(graph, memory, verbosity)));
		this.flagConflicts(graph, results);
		if (options.readOnly !== true && this.deps.reactivate && results.length > 0) {
			const paths = results.map((hit) => hit.path);
			await this.deps.reactivate(paths, neighboursOf(graph, paths));
		}
		return {
			query,
			mode: requested === "full" && !useVector ? "keyword+graph" : requested,
			vector: useVector,
			embeddingsPending: embeddings?.pending ?? 0,
			...(partial ? { partial: true as const } : {}),
			results,
		};
	}

	/**
	 * Memories that pass the filters: by keyword score for a query, by last use (newest first)
	 * for an empty one. Changes nothing.
	 */
	list(query: string, filters: SearchFilters = {}, k = DEFAULT_K): SearchHit[] {
		const limit = resultCount(k);
		const now = this.deps.clock?.();
		const accept = compileFilters(filters, now === undefined ? undefined : dayOfTime(now));
		const graph = this.graphState().graph;
		const passes = (path: string): boolean => {
			const node = graph.node(path);
			return (
				node !== undefined &&
				accept(node, () => {
					const facts: FilterFacts = {
						status: this.statusOf(path, node),
						lastUsed: this.lastUsed(path, node),
						times: this.cues.timesOf(path) ?? [],
					};
					const written = this.cues.writtenOn(path);
					return written === undefined ? facts : { ...facts, written };
				})
			);
		};
		const hitOf = (path: string, keyword?: KeywordHit): SearchHit => {
			const node = graph.node(path) as MemoryNodeAttributes;
			return searchHit(node, this.statusOf(path, node), this.lastUsed(path, node), keyword);
		};
		if (query.trim() !== "")
			return this.keyword.match(query, { limit, filter: passes }).map((hit) => hitOf(hit.id, hit));
		const listed: { path: string; lastUsed: number }[] = [];
		for (const path of graph.notePaths()) {
			if (!passes(path)) continue;
			const node = graph.node(path);
			if (node) listed.push({ path, lastUsed: this.lastUsed(path, node) });
		}
		listed.sort((a, b) => b.lastUsed - a.lastUsed || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
		return listed.slice(0, limit).map(({ path }) => hitOf(path));
	}

	private cueMatches(query: string, include: (path: string) => boolean, inTime: Set<string>): CueHit[] {
		const now = this.deps.clock?.();
		const asked = cueQuery(query, now === undefined ? undefined : dayOfTime(now));
		return cueHits(this.cues, asked, this.settings().cues, CANDIDATE_POOL * 2, this.cueScratch, inTime)
			.filter((hit) => include(hit.id))
			.slice(0, CANDIDATE_POOL);
	}

	/**
	 * The rankings fused into a note's query relevance, each a list of its own: keyword (BM25
	 * weighted by query-term coverage), vector similarity when a model is ready, and the cue
	 * channel (shared names, topics and times). A new signal is one more list.
	 */
	private fuse(
		keywordHits: KeywordHit[],
		vectorHits: VectorHit[],
		cueMatches: CueHit[],
		useVector: boolean,
		settings: RecallSettings,
		termsOf: (id: string) => readonly string[] | undefined,
	): FusedHit[] {
		const { keywordWeight, coverageExponent, vectorWeight } = settings.fusion;
		const covered = keywordHits.map((hit) => ({ id: hit.id, score: hit.score, terms: termsOf(hit.id) ?? hit.terms }));
		const lists: ScoredList[] = [
			{
				name: "keyword",
				hits: weightByCoverage(covered, coverageExponent),
				weight: keywordWeight,
				scale: "relative",
			},
		];
		const vectors = this.embeddings?.vectors;
		if (useVector && vectors) {
			const hits = vectorHits.map((hit) => ({ id: hit.path, score: hit.similarity }));
			lists.push({ name: "vector", hits, weight: vectorWeight, scale: "absolute", covers: (id) => vectors.has(id) });
		}
		if (cueMatches.length > 0)
			lists.push({ name: "cues", hits: cueMatches, weight: settings.cues.weight, scale: "absolute" });
		if (this.pipeline().fusion === "relative") return fuseScores(lists);
		return fuseRankings(
			lists.map((list) => ({ name: list.name, ids: list.hits.map((hit) => hit.id), weight: list.weight })),
			settings.fusion.k,
		);
	}

	private candidates(
		{ graph, superseded }: RecallGraphState,
		fused: FusedHit[],
		spread: Map<string, SpreadHit>,
		keywordHits: KeywordHit[],
		vectorHits: VectorHit[],
		include: (path: string) => boolean,
	): Map<string, RecallCandidate> {
		const terms = new Map(keywordHits.map((hit) => [hit.id, hit.terms]));
		const similarity = new Map(vectorHits.map((hit) => [hit.path, hit.similarity]));
		const candidates = new Map<string, RecallCandidate>();
		const add = (id: string, fusedScore: number): RecallCandidate | undefined => {
			const node = graph.node(id);
			if (!node || !include(id)) return undefined;
			let candidate = candidates.get(id);
			if (!candidate) {
				candidate = {
					id,
					fused: fusedScore,
					retention: this.retentionOf(id),
					status: this.statusOf(id, node),
					pinned: node.memory.pinned,
					supersededBy: superseded.supersedersOf(id),
				};
				const summary = summaryOf(graph.graph, id);
				if (summary !== undefined) candidate.consolidatedInto = summary;
				const matched = terms.get(id);
				if (matched) candidate.terms = matched;
				const cosine = similarity.get(id);
				if (cosine !== undefined) candidate.similarity = cosine;
				candidates.set(id, candidate);
			}
			return candidate;
		};
		for (const hit of fused) add(hit.id, hit.score);
		for (const [id, hit] of spread) {
			const candidate = add(id, 0);
			if (candidate) candidate.spread = hit;
		}
		// A replacement competes even when only the memory it replaces matched: it inherits that relevance.
		for (const candidate of [...candidates.values()]) for (const newer of candidate.supersededBy ?? []) add(newer, 0);
		// A summary stands for its members (rank folds them into it), also when only a member matched.
		for (const candidate of [...candidates.values()])
			if (candidate.consolidatedInto !== undefined) add(candidate.consolidatedInto, 0);
		return candidates;
	}

	private async hitOf(graph: MemoryGraph, memory: RankedMemory, verbosity: "full" | "concise"): Promise<RecallHit> {
		const node = graph.node(memory.id);
		return recallHit(
			memory,
			node,
			node ? this.statusOf(memory.id, node) : "active",
			await this.hitText(memory.id, verbosity),
		);
	}

	/**
	 * Marks results that may disagree with another result (see conflictsAmong). Concise hits are
	 * compared by their snippet, which holds the whole of a typical memory, so recall reads no
	 * note for it; full hits by the start of their text.
	 */
	private flagConflicts(graph: MemoryGraph, results: RecallHit[]): void {
		const checked = results.slice(0, CONFLICT_HITS);
		if (checked.length < 2) return;
		const candidates = checked.map((hit) => ({
			id: hit.path,
			profile:
				hit.content === undefined
					? this.snippetProfile(hit.path, hit.snippet ?? "")
					: conflictProfile(hit.content.slice(0, CONFLICT_TEXT_CHARS)),
			superseded: (hit.supersededBy?.length ?? 0) > 0,
		}));
		const settled = (a: string, b: string): boolean =>
			[...graph.outEdges(a), ...graph.outEdges(b)].some(
				(edge) =>
					(edge.type === "supersedes" || edge.type === "contradicts") && (edge.target === a || edge.target === b),
			);
		const conflicts = conflictsAmong(candidates, settled, this.settings().conflicts);
		for (const hit of checked) {
			const found = conflicts.get(hit.path);
			if (found) hit.conflicts = found;
		}
	}

	private snippetProfile(path: string, snippet: string): ConflictProfile {
		let profile = this.snippetProfiles.get(path);
		if (profile === undefined) {
			profile = conflictProfile(snippet);
			if (this.snippetProfiles.size >= MAX_CACHED_PROFILES)
				this.snippetProfiles.delete(this.snippetProfiles.keys().next().value as string);
			this.snippetProfiles.set(path, profile);
		}
		return profile;
	}

	private async hitText(path: string, verbosity: "full" | "concise"): Promise<HitText> {
		if (verbosity === "concise") {
			const snippet = this.snippets.get(path);
			return snippet === undefined ? null : { snippet };
		}
		const content = await this.textOf(path);
		return content === null ? null : { content };
	}

	private async textOf(path: string): Promise<string | null> {
		if (!this.deps.read) return null;
		try {
			return bodyText(await this.deps.read(path));
		} catch {
			// A note deleted between ranking and reading: the hit stays, without text.
			return null;
		}
	}

	private onChange(change: IndexChange): void {
		if (change.type === "remove") {
			this.keywordChanges++;
			this.keyword.remove(change.path);
			this.snippets.delete(change.path);
			this.snippetProfiles.delete(change.path);
			this.duplicateHashes.delete(change.path);
			this.cues.remove(change.path);
			this.episodes.remove(change.path);
			this.embeddings?.remove(change.path);
		} else if (change.type === "rename") {
			this.keywordChanges++;
			this.keyword.rename(change.oldPath, change.path);
			this.snippets.rename(change.oldPath, change.path);
			this.snippetProfiles.delete(change.oldPath);
			this.duplicateHashes.rename(change.oldPath, change.path);
			this.cues.rename(change.oldPath, change.path);
			this.episodes.rename(change.oldPath, change.path);
			this.embeddings?.rename(change.oldPath, change.path);
		}
	}

	/**
	 * The current graph and its caches. A full rebuild replaces the index's graph: the caches are
	 * rebuilt for it, and notes the rebuild no longer has leave the keyword and vector indexes.
	 */
	private graphState(): RecallGraphState {
		if (!this.index) throw new Error("The recall service is not attached to a vault index; call attach(index) first.");
		const graph = this.index.graph;
		// Until `settleAfterBuild` is done with a new graph, recall stays on the one before (partial).
		if (this.settling === graph && this.state) return this.state;
		// While the first index runs, its graph holds only the notes read so far: the keyword
		// index (perhaps loaded from the cache) keeps the rest until the build is done.
		if (this.state?.graph !== graph && !this.index.partial) this.dropNotesOutside(graph);
		this.state = RecallGraphState.for(graph, this.settings(), this.state, this.deps.createRandom);
		return this.state;
	}

	/**
	 * Takes out, in time slices, the notes the index's newly built graph lacks (notes of a cached
	 * keyword index deleted since), and builds the graph's supersedes index: the first recall
	 * would do both in one go, 100k lookups and a scan of every edge.
	 */
	async settleAfterBuild(timers: Timers, sliceMs?: number): Promise<void> {
		const graph = this.index?.graph;
		if (!graph || this.index?.partial || this.state?.graph === graph || this.settledFor === graph) return;
		const slicer = new TimeSlicer(timers, sliceMs);
		this.settling = graph;
		try {
			await slicer.forEach(this.keyword.ids(), (path) => this.dropIfOutside(graph, path));
			this.settledFor = graph;
			const superseded = await slicer.drain(SupersededIndex.stepwise(graph.graph));
			if (this.index?.graph !== graph || this.state?.graph === graph) superseded.dispose();
			else this.state = RecallGraphState.for(graph, this.settings(), this.state, this.deps.createRandom, superseded);
		} finally {
			this.settling = null;
		}
	}

	private dropNotesOutside(graph: MemoryGraph): void {
		if (this.settledFor === graph) return;
		for (const path of this.keyword.ids()) this.dropIfOutside(graph, path);
	}

	private dropIfOutside(graph: MemoryGraph, path: string): void {
		if (graph.hasNote(path) || !this.keyword.has(path)) return;
		this.keywordChanges++;
		this.keyword.remove(path);
		this.snippets.delete(path);
		this.snippetProfiles.delete(path);
		this.duplicateHashes.delete(path);
		this.cues.remove(path);
		this.episodes.remove(path);
		this.embeddings?.remove(path);
	}

	private pipeline(): RecallPipeline {
		return this.deps.pipeline?.() ?? DEFAULT_RECALL_PIPELINE;
	}

	private settings(): RecallSettings {
		return this.deps.settings?.() ?? DEFAULT_RECALL_SETTINGS;
	}

	private statusOf(path: string, node: MemoryNodeAttributes): LifecycleStatus {
		if (this.deps.statusOf) return this.deps.statusOf(path);
		const said = node.memory.status;
		return said !== undefined && (LIFECYCLE_STATUSES as readonly string[]).includes(said)
			? (said as LifecycleStatus)
			: "active";
	}

	private retentionOf(path: string): number {
		const retention = this.deps.retentionOf?.(path);
		return retention === undefined || !Number.isFinite(retention) ? 1 : retention;
	}

	private lastUsed(path: string, node: MemoryNodeAttributes): number {
		return Math.max(node.mtime, this.deps.lastUsedOf?.(path) ?? 0);
	}
}

/**
 * Neighbours (either direction, any edge type) of the paths, without the paths themselves: those
 * of the best hit first, at most `MAX_CASCADES` in all, so one recall adds a bounded number of
 * records to the activity log however connected its hits are.
 */
function neighboursOf(graph: MemoryGraph, paths: readonly string[]): string[] {
	const returned = new Set(paths);
	const neighbours = new Set<string>();
	for (const path of paths) {
		if (!graph.hasNote(path)) continue;
		graph.graph.forEachNeighbor(path, (neighbour) => {
			if (!returned.has(neighbour) && neighbours.size < MAX_CASCADES) neighbours.add(neighbour);
		});
		if (neighbours.size >= MAX_CASCADES) break;
	}
	return [...neighbours];
}

function resultCount(k: number | undefined): number {
	if (k === undefined) return DEFAULT_K;
	if (!Number.isInteger(k) || k < 1 || k > MAX_K)
		throw new Error(`The number of results must be a whole number from 1 to ${MAX_K} (got ${k}).`);
	return k;
}
