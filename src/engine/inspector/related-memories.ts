import { cueWord } from "../../core/cues/cue-words";
import { cueChannel } from "../../core/related/cue-channel";
import { graphChannel } from "../../core/related/graph-channel";
import { rankRelated, type ChannelHit, type RelatedMemory } from "../../core/related/related-ranking";
import { readableText } from "../../core/recall/keyword-document";
import { bodyText } from "../../core/recall/recall-hits";
import { tokenize } from "../../core/recall/tokenize";
import { MemoryError } from "../../core/model/memory-error";
import { yieldToEventLoop, type Timers } from "../../core/model/timers";
import type { VaultIndex } from "../index/vault-index";
import type { RecallService } from "../recall/recall-service";
import type { NotRelatedPairs } from "./not-related-pairs";

export type { RelatedMemory } from "../../core/related/related-ranking";

/** Suggestions per note. */
export const RELATED_LIMIT = 8;
/** Candidates taken from each of the keyword and the vector search. */
const SEARCH_CANDIDATES = 30;
/** Distinct words of the note sent to the keyword index: its opening says what it is about, and each word's postings cost time. */
const QUERY_WORDS = 16;
/** Characters of the note given to the embedding model. */
const EMBED_CHARS = 2000;
/** Below this cosine similarity a note is not close in meaning. */
const MEANING_FLOOR = 0.3;
/** Notes whose lists are kept (the view asks for the active note, and the user moves between a few). */
const CACHED_NOTES = 64;
/** Keyword words named in a reason. */
const REASON_WORDS = 3;

export interface RelatedMemoriesDeps {
	index: VaultIndex;
	recall: RecallService;
	notRelated: NotRelatedPairs;
	read: (path: string) => Promise<string>;
	timers: Timers;
}

/**
 * "Related memories" of a note: the strongest notes it is not linked to yet, by meaning (when
 * embeddings are on), shared cues, shared words and shared neighbours, each with why. Computed
 * in steps that yield to the event loop between channels, cached per note until the graph
 * changes; pairs the user marked "not related" never come back.
 */
export class RelatedMemories {
	private readonly cache = new Map<string, { generation: number; list: RelatedMemory[] }>();
	private readonly running = new Map<string, Promise<RelatedMemory[]>>();
	private generation = 0;

	constructor(private readonly deps: RelatedMemoriesDeps) {
		deps.index.onChange(() => this.generation++);
	}

	/** The list computed for the note since the last change, or undefined: what a render shows without waiting. */
	cached(path: string): RelatedMemory[] | undefined {
		const entry = this.cache.get(path);
		return entry && entry.generation === this.generation + this.deps.index.builds ? entry.list : undefined;
	}

	/** The note's related memories, best first; a MemoryError for a note that is not a memory. */
	async of(path: string): Promise<RelatedMemory[]> {
		if (!this.deps.index.graph.hasNote(path)) throw new MemoryError(`No memory "${path}" in the vault.`, "path");
		const cached = this.cached(path);
		if (cached) return cached;
		let run = this.running.get(path);
		if (!run) {
			const generation = this.generation + this.deps.index.builds;
			run = this.compute(path).finally(() => this.running.delete(path));
			this.running.set(path, run);
			const list = await run;
			// A change while it ran: the list may already be stale, so it is returned but not kept.
			if (generation === this.generation + this.deps.index.builds) this.remember(path, generation, list);
			return list;
		}
		return run;
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

	private remember(path: string, generation: number, list: RelatedMemory[]): void {
		this.cache.delete(path);
		this.cache.set(path, { generation, list });
		if (this.cache.size > CACHED_NOTES) this.cache.delete(this.cache.keys().next().value as string);
	}

	private async compute(path: string): Promise<RelatedMemory[]> {
		const { deps } = this;
		const notRelated = await deps.notRelated.load();
		const raw = await deps.read(path).catch(() => "");
		const text = bodyText(raw);
		const meaning = await this.meaningChannel(path, text);
		await yieldToEventLoop(deps.timers);
		const graph = deps.index.graph;
		if (!graph.hasNote(path)) return [];
		const cues = cueChannel(deps.recall.cues, path, cueDisplay(`${graph.node(path)?.title ?? ""}\n${raw}`));
		await yieldToEventLoop(deps.timers);
		const keyword = this.keywordChannel(path, `${graph.node(path)?.title ?? ""}\n${readableText(text)}`);
		await yieldToEventLoop(deps.timers);
		const neighbours = graphChannel(graph, path);

		const linked = new Set(graph.graph.neighbors(path));
		return rankRelated(
			{ meaning, cues, keyword, graph: neighbours },
			{
				excluded: (other) => other === path || linked.has(other) || notRelated(path, other) || !graph.hasNote(other),
				titleOf: (other) => graph.node(other)?.title ?? other,
				limit: RELATED_LIMIT,
			},
		);
	}

	/** Notes close in meaning by their best chunk, when a model is ready; none otherwise or when it fails. */
	private async meaningChannel(path: string, text: string): Promise<Map<string, ChannelHit> | undefined> {
		const embeddings = this.deps.recall.noteEmbeddings;
		if (!embeddings?.ready || text.trim() === "") return undefined;
		const hits = await embeddings
			.nearest(text.slice(0, EMBED_CHARS), SEARCH_CANDIDATES, (other) => other !== path)
			.catch(() => []);
		const found = new Map<string, ChannelHit>();
		for (const hit of hits)
			if (hit.similarity >= MEANING_FLOOR)
				found.set(hit.path, { score: hit.similarity, reason: `close in meaning (${hit.similarity.toFixed(2)})` });
		return found;
	}

	/** Notes sharing the note's words, scored against the note's own score for the same query (1 = as good a match as itself). */
	private keywordChannel(path: string, text: string): Map<string, ChannelHit> {
		const keyword = this.deps.recall.keyword;
		const skip = new Set(keyword.settings.stopWords);
		const words = new Set<string>();
		for (const token of tokenize(text)) {
			if (words.size >= QUERY_WORDS) break;
			if (token.length > 2 && !skip.has(token) && !/^\d+$/.test(token)) words.add(token);
		}
		const hits = keyword.match([...words].join(" "), { limit: SEARCH_CANDIDATES + 1 });
		const own = hits.find((hit) => hit.id === path)?.score ?? hits[0]?.score ?? 0;
		const found = new Map<string, ChannelHit>();
		if (own <= 0) return found;
		for (const hit of hits) {
			if (hit.id === path) continue;
			found.set(hit.id, {
				score: hit.score / own,
				reason: `shares words: ${hit.terms.slice(0, REASON_WORDS).join(", ")}`,
			});
		}
		return found;
	}
}

/** Cue forms (stems) back to the first word of the text that gives them: "postgr" → "Postgres". */
function cueDisplay(text: string): (cue: string) => string {
	const words = new Map<string, string>();
	for (const [word] of text.matchAll(/[\p{L}\p{N}'’]+/gu)) {
		const cue = cueWord(word);
		if (cue !== "" && !words.has(cue)) words.set(cue, word);
	}
	return (cue) =>
		cue
			.split(" ")
			.map((part) => words.get(part) ?? part)
			.join(" ");
}
