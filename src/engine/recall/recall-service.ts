import { DEFAULT_RECALL_SETTINGS, type RecallSettings } from "../../core/model/recall-settings";
import type { LoadedNote } from "../../core/model/vault";
import type { CueRecord } from "../../core/cues/extract-cues";
import type { TabledCueRecord } from "../../core/cues/cue-table";
import { CueScratch } from "../../core/cues/cue-scratch";
import type { KeywordIndex } from "../../core/recall/keyword/keyword-index";
import type { KeywordSettingsInput } from "../../core/model/keyword-settings";
import type { CommunityDetector } from "../../core/recall/communities/communities";
import {
	DEFAULT_RECALL_PIPELINE,
	type RecallOptions,
	type RecallPipeline,
	type RecallResult,
	type SearchFilters,
	type SearchHit,
} from "../../core/recall/recall-types";
import type { Timers } from "../../core/model/timers";
import type { NoteEmbeddings } from "../embeddings/note-embeddings";
import type { VaultIndex } from "../index/vault-index";
import type { CueIndex } from "./cue-index";
import type { EpisodeIndex } from "./episode-index";
import type { Reactivate } from "./recall-reactivation";
import { LiveKeywordIndex } from "./live-keyword-index";
import { CurrentEmbeddings } from "./current-embeddings";
import { NoteIntake, type NoteDerived } from "./note-intake";
import { CurrentGraphState } from "./current-graph-state";
import { RecallCommunities } from "./recall-communities";
import { RecallConflicts } from "./recall-conflicts";
import { MemoryFacts, type MemoryFactsDeps } from "./memory-facts";
import { listMemories } from "./memory-list";
import { recallQuery, type RecallSource } from "./recall-query";
import { DEFAULT_K } from "./result-count";

export interface RecallServiceDeps extends MemoryFactsDeps {
	/** Read on every recall, so changed settings apply at once. */
	settings?: () => RecallSettings;
	keywordSettings?: KeywordSettingsInput;
	/** A keyword index loaded from the cache: notes whose stamp still matches are not re-indexed. */
	keywordIndex?: KeywordIndex;
	/** Embeddings, when a model is configured; recall works without them. */
	embeddings?: NoteEmbeddings;
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

/**
 * Recall and search over the vault index, wiring its parts together: the live keyword index
 * (live-keyword-index.ts), the notes taken in from the index (note-intake.ts), optional
 * embeddings, the graph state and its communities, the conflict cache, the query pipeline
 * (recall-query.ts) and listing (memory-list.ts).
 *
 * Wiring: pass `service.noteLoaded` as the VaultIndex's `onLoaded` option, then `attach(index)`.
 */
export class RecallService {
	private readonly keywords: LiveKeywordIndex;
	private readonly embeddings: CurrentEmbeddings;
	private readonly intake: NoteIntake;
	private readonly graphState: CurrentGraphState;
	private readonly communities: RecallCommunities;
	private readonly source: RecallSource;
	private unsubscribe: (() => void) | null = null;
	/** Names, topics, tags, link texts and times of every note, for the cue channel. */
	readonly cues: CueIndex;
	/** The episode (`memory_session`) of every note that has one. */
	readonly episodes: EpisodeIndex;

	constructor(private readonly deps: RecallServiceDeps = {}) {
		const settings = (): RecallSettings => deps.settings?.() ?? DEFAULT_RECALL_SETTINGS;
		this.keywords = new LiveKeywordIndex(deps.keywordIndex, deps.keywordSettings);
		this.embeddings = new CurrentEmbeddings(deps.embeddings);
		const conflicts = new RecallConflicts();
		this.intake = new NoteIntake(this.keywords, this.embeddings, conflicts);
		this.cues = this.intake.cues;
		this.episodes = this.intake.episodes;
		const held = {
			ids: () => this.keywords.index.ids(),
			has: (path: string) => this.keywords.index.has(path),
			drop: (path: string) => this.intake.removed(path),
		};
		this.graphState = new CurrentGraphState(held, settings, deps.createRandom);
		this.communities = new RecallCommunities(this.graphState, deps.detectCommunities, deps.createRandom !== undefined);
		this.source = {
			graphState: this.graphState,
			keyword: this.keywords,
			embeddings: this.embeddings,
			notes: this.intake,
			cueScratch: new CueScratch(),
			conflicts,
			facts: new MemoryFacts(deps),
			settings,
			pipeline: () => deps.pipeline?.() ?? DEFAULT_RECALL_PIPELINE,
			...(deps.clock ? { clock: deps.clock } : {}),
			...(deps.read ? { read: deps.read } : {}),
			...(deps.reactivate ? { reactivate: deps.reactivate } : {}),
		};
	}

	get keyword(): KeywordIndex {
		return this.keywords.index;
	}

	/** How many keyword index changes so far (compare two readings to know whether to save the cache). */
	get keywordVersion(): number {
		return this.keywords.version;
	}

	/** See LiveKeywordIndex.adoptCached. */
	adoptCachedKeywordIndex(index: KeywordIndex): void {
		this.keywords.adoptCached(index);
	}

	/** A full re-index of the vault (`build`) into a fresh keyword index: see LiveKeywordIndex.reindex. */
	reindex<T>(build: () => Promise<T>): Promise<T> {
		return this.keywords.reindex(build);
	}

	/** Changed keyword settings: see LiveKeywordIndex.useSettings. */
	useKeywordSettings(settings: KeywordSettingsInput): void {
		this.keywords.useSettings(settings);
	}

	/** Embeddings, when a model is loaded: notes loaded from now on are embedded too. */
	get noteEmbeddings(): NoteEmbeddings | undefined {
		return this.embeddings.current;
	}

	/**
	 * Starts using embeddings loaded after the index was built (the model loads in the
	 * background): the caller feeds the notes already indexed through `embedNote`. Undefined
	 * stops them (the model was removed).
	 */
	useEmbeddings(embeddings: NoteEmbeddings | undefined): void {
		this.embeddings.use(embeddings);
	}

	/** See CurrentEmbeddings.whenSearchable. */
	whenSearchable(path: string): Promise<void> {
		return this.embeddings.whenSearchable(path);
	}

	/** Queues one already indexed note for embedding (see `useEmbeddings`). */
	embedNote(note: LoadedNote): void {
		this.embeddings.embed(note);
	}

	/** Give this to the VaultIndex as `onLoaded`: every note it reads is (re)indexed here. */
	readonly noteLoaded = (note: LoadedNote): void => {
		this.intake.loaded(note);
	};

	/** See NoteIntake.adoptDerived. */
	adoptDerived(
		path: string,
		stamp: string,
		session: string | undefined,
		derived: NoteDerived<CueRecord | TabledCueRecord>,
	): boolean {
		return this.intake.adoptDerived(path, stamp, session, derived);
	}

	/** What `adoptDerived` takes, as this service holds it for a note; undefined for a note it does not hold. */
	derivedOf(path: string): NoteDerived | undefined {
		return this.intake.derivedOf(path);
	}

	/** Indexed notes whose body may repeat `text` word for word (same duplicateHash); read them to be sure. */
	exactDuplicateCandidates(text: string): string[] {
		return this.intake.exactDuplicateCandidates(text);
	}

	/** Follows the index's removals and renames; returns a function that stops following. */
	attach(index: VaultIndex): () => void {
		this.unsubscribe?.();
		this.graphState.follow(index);
		const stop = index.onChange((change) => this.intake.changed(change));
		this.unsubscribe = () => {
			stop();
			this.unsubscribe = null;
		};
		return this.unsubscribe;
	}

	/** See RecallCommunities.refresh. */
	refreshCommunities(): boolean {
		return this.communities.refresh();
	}

	/** The note's Louvain community from the last computation; undefined before it or for a newer note. */
	communityOf(path: string): number | undefined {
		return this.communities.communityOf(path);
	}

	/** `refreshCommunities` off the main thread when the service has a detector for it (engines do). */
	updateCommunities(): Promise<boolean> {
		return this.communities.update();
	}

	/** See CurrentGraphState.settleAfterBuild. */
	settleAfterBuild(timers: Timers, sliceMs?: number): Promise<void> {
		return this.graphState.settleAfterBuild(timers, sliceMs);
	}

	/** Stops following the index and drops the graph caches. */
	dispose(): void {
		this.unsubscribe?.();
		this.graphState.dispose();
	}

	recall(query: string, options: RecallOptions = {}): Promise<RecallResult> {
		return recallQuery(this.source, query, options);
	}

	/** See listMemories. */
	list(query: string, filters: SearchFilters = {}, k = DEFAULT_K): SearchHit[] {
		const source = {
			graph: () => this.graphState.current().graph,
			keyword: () => this.keywords.index,
			cues: this.intake.cues,
			facts: this.source.facts,
			...(this.deps.clock ? { clock: this.deps.clock } : {}),
		};
		return listMemories(source, query, filters, k);
	}
}
