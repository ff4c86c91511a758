import { cueWord } from "../../core/cues/cue-words";
import { cueChannelStepwise } from "../../core/related/cue-channel";
import { graphChannelStepwise } from "../../core/related/graph-channel";
import {
	channelHits,
	rankRelatedStepwise,
	type ChannelHits,
	type RelatedMemory,
} from "../../core/related/related-ranking";
import { readableText } from "../../core/recall/keyword/keyword-document";
import { bodyText } from "../../core/recall/recall-hits";
import { tokenize } from "../../core/recall/keyword/tokenize";
import { MemoryError } from "../../core/model/memory-error";
import type { Timers } from "../../core/model/timers";
import { DEFAULT_SLICE_MS } from "../../core/util/time-slicer";
import { TimeSlicer } from "../index/time-slicer";
import type { VaultIndex } from "../index/vault-index";
import type { RecallService } from "../recall/recall-service";
import type { NotRelatedPairs } from "./not-related-pairs";

export type { RelatedMemory } from "../../core/related/related-ranking";

/** Suggestions per note. */
const RELATED_LIMIT = 8;
/** Candidates taken from each of the keyword and the vector search. */
const SEARCH_CANDIDATES = 30;
/** Distinct words of the note sent to the keyword index: its opening says what it is about, and each word's postings cost time. */
const QUERY_WORDS = 16;
/** Characters of the body the query words are taken from (tokenizing a 50 KB note for 16 words held the thread for nothing). */
const QUERY_CHARS = 4000;
/** Characters of the note given to the embedding model. */
const EMBED_CHARS = 2000;
/** Below this cosine similarity a note is not close in meaning. */
const MEANING_FLOOR = 0.3;
/** Notes whose lists are kept (the view asks for the active note, and the user moves between a few). */
const CACHED_NOTES = 64;
/** Keyword words named in a reason. */
const REASON_WORDS = 3;
/** Times a list is computed again when the index changed while it was computed; the last one is then filtered against the index as it is. */
const FRESH_ATTEMPTS = 3;

export interface RelatedMemoriesDeps {
	index: VaultIndex;
	recall: RecallService;
	notRelated: NotRelatedPairs;
	read: (path: string) => Promise<string>;
	timers: Timers;
	/** The clock the computation's TimeSlicer reads (a test's fake one); `performance.now` by default. */
	now?: () => number;
}

/**
 * "Related memories" of a note: the strongest notes it is not linked to yet, by meaning (when
 * embeddings are on), shared cues, shared words and shared neighbours, each with why. Computed
 * on the main thread in TimeSlicer slices of at most 8 ms (the indexes it reads live there, see
 * docs/decisions/018-related-memories-in-slices.md), cached per note until the index changes;
 * pairs the user marked "not related" never come back.
 */
export class RelatedMemories {
	private readonly cache = new Map<string, { generation: number; list: RelatedMemory[] }>();
	private readonly running = new Map<string, { generation: number; list: Promise<RelatedMemory[]> }>();
	private generation = 0;

	constructor(private readonly deps: RelatedMemoriesDeps) {
		deps.index.onChange(() => this.generation++);
	}

	/** The list computed for the note since the last change, or undefined: what a render shows without waiting. */
	cached(path: string): RelatedMemory[] | undefined {
		const entry = this.cache.get(path);
		return entry && entry.generation === this.currentGeneration() ? entry.list : undefined;
	}

	/**
	 * The note's related memories, best first; a MemoryError for a note that is not a memory. A
	 * list computed while the index changed is computed again (a link added meanwhile must not
	 * bring its target back), and a call during a computation of the current index joins it.
	 */
	async of(path: string): Promise<RelatedMemory[]> {
		if (!this.deps.index.graph.hasNote(path)) throw new MemoryError(`No memory "${path}" in the vault.`, "path");
		let list: RelatedMemory[] = [];
		for (let attempt = 0; attempt < FRESH_ATTEMPTS; attempt++) {
			const cached = this.cached(path);
			if (cached) return cached;
			const generation = this.currentGeneration();
			let run = this.running.get(path);
			if (run?.generation !== generation) {
				const started = { generation, list: this.compute(path) };
				this.running.set(path, started);
				void started.list
					.finally(() => {
						if (this.running.get(path) === started) this.running.delete(path);
					})
					.catch(() => undefined);
				run = started;
			}
			list = await run.list;
			if (generation === this.currentGeneration()) {
				this.remember(path, generation, list);
				return list;
			}
		}
		return this.stillUnlinked(path, list);
	}

	/** Marks the pair as not related (remembered in the plugin's storage) and drops it from the cached lists. */
	async dismiss(path: string, other: string): Promise<void> {
		if (path === other) throw new MemoryError("A memory cannot be marked as not related to itself.", "other");
		await this.deps.notRelated.add(path, other);
		for (const [note, entry] of this.cache) {
			if (note === path || note === other)
				entry.list = entry.list.filter((memory) => memory.path !== (note === path ? other : path));
		}
	}

	private currentGeneration(): number {
		return this.generation + this.deps.index.builds;
	}

	/** The list without the notes linked to `path`, gone or marked not related since it was computed. */
	private async stillUnlinked(path: string, list: RelatedMemory[]): Promise<RelatedMemory[]> {
		const graph = this.deps.index.graph;
		if (!graph.hasNote(path)) return [];
		const notRelated = await this.deps.notRelated.load();
		const linked = new Set(graph.graph.neighbors(path));
		return list.filter(
			(memory) => graph.hasNote(memory.path) && !linked.has(memory.path) && !notRelated(path, memory.path),
		);
	}

	private remember(path: string, generation: number, list: RelatedMemory[]): void {
		this.cache.delete(path);
		this.cache.set(path, { generation, list });
		if (this.cache.size > CACHED_NOTES) this.cache.delete(this.cache.keys().next().value as string);
	}

	private async compute(path: string): Promise<RelatedMemory[]> {
		const { deps } = this;
		const slicer = new TimeSlicer(deps.timers, DEFAULT_SLICE_MS, deps.now);
		const notRelated = await deps.notRelated.load();
		const raw = await deps.read(path).catch(() => "");
		const text = bodyText(raw);
		const meaning = await this.meaningChannel(path, text);
		const graph = deps.index.graph;
		if (!graph.hasNote(path)) return [];
		const title = graph.node(path)?.title ?? "";
		const display = await slicer.drain(cueDisplayStepwise(`${title}\n${raw}`));
		const cues = await slicer.drain(cueChannelStepwise(deps.recall.cues, path, display));
		if (slicer.due()) await slicer.yield();
		// One search: the step that cannot be split (see the decision record for its cost).
		const keyword = this.keywordChannel(path, `${title}\n${readableText(text.slice(0, QUERY_CHARS))}`);
		const neighbours = await slicer.drain(graphChannelStepwise(graph, path));
		if (!graph.hasNote(path)) return [];
		const linked = new Set(graph.graph.neighbors(path));
		return slicer.drain(
			rankRelatedStepwise(
				{ meaning, cues, keyword, graph: neighbours },
				{
					excluded: (other) => other === path || linked.has(other) || !graph.hasNote(other) || notRelated(path, other),
					titleOf: (other) => graph.node(other)?.title ?? other,
					limit: RELATED_LIMIT,
				},
			),
		);
	}

	/** Notes close in meaning by their best chunk, when a model is ready; none otherwise or when it fails. */
	private async meaningChannel(path: string, text: string): Promise<ChannelHits | undefined> {
		const embeddings = this.deps.recall.noteEmbeddings;
		if (!embeddings?.ready || text.trim() === "") return undefined;
		const hits = await embeddings
			.nearest(text.slice(0, EMBED_CHARS), SEARCH_CANDIDATES, (other) => other !== path)
			.catch(() => []);
		const found = new Map<string, { score: number; reason: string }>();
		for (const hit of hits)
			if (hit.similarity >= MEANING_FLOOR)
				found.set(hit.path, { score: hit.similarity, reason: `close in meaning (${hit.similarity.toFixed(2)})` });
		return channelHits(found);
	}

	/** Notes sharing the note's words, scored against the note's own score for the same query (1 = as good a match as itself). */
	private keywordChannel(path: string, text: string): ChannelHits {
		const keyword = this.deps.recall.keyword;
		const skip = new Set(keyword.settings.stopWords);
		const words = new Set<string>();
		for (const token of tokenize(text)) {
			if (words.size >= QUERY_WORDS) break;
			if (token.length > 2 && !skip.has(token) && !/^\d+$/.test(token)) words.add(token);
		}
		const hits = keyword.match([...words].join(" "), { limit: SEARCH_CANDIDATES + 1 });
		const own = hits.find((hit) => hit.id === path)?.score ?? hits[0]?.score ?? 0;
		const found = new Map<string, { score: number; reason: string }>();
		if (own <= 0) return channelHits(found);
		for (const hit of hits) {
			if (hit.id === path) continue;
			found.set(hit.id, {
				score: hit.score / own,
				reason: `shares words: ${hit.terms.slice(0, REASON_WORDS).join(", ")}`,
			});
		}
		return channelHits(found);
	}
}

/**
 * Cue forms (stems) back to the first word of the text that gives them: "postgr" → "Postgres".
 * A generator of one word per step (a long note has tens of thousands).
 */
function* cueDisplayStepwise(text: string): Generator<void, (cue: string) => string> {
	const words = new Map<string, string>();
	for (const [word] of text.matchAll(/[\p{L}\p{N}'’]+/gu)) {
		const cue = cueWord(word);
		if (cue !== "" && !words.has(cue)) words.set(cue, word);
		yield;
	}
	return (cue) =>
		cue
			.split(" ")
			.map((part) => words.get(part) ?? part)
			.join(" ");
}
