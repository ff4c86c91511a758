import { clearTimeout, setTimeout } from "node:timers";
import { parseRecallSettings, type RecallSettingsInput } from "../../src/core/model/recall-settings";
import type { StoragePort } from "../../src/core/model/storage-port";
import type { KeywordSettingsInput } from "../../src/core/model/keyword-settings";
import type { Embedder } from "../../src/core/model/embedder";
import { EmbeddingCache } from "../../src/engine/embeddings/embedding-cache";
import { NoteEmbeddings } from "../../src/engine/embeddings/note-embeddings";
import { RecallService } from "../../src/engine/recall/recall-service";
import { DEFAULT_RECALL_PIPELINE, type RecallMode, type RecallPipeline } from "../../src/core/recall/recall-types";
import { VaultIndex } from "../../src/engine/index/vault-index";
import type { LocomoConversation } from "./locomo-data";
import { conversationNotes, diaIdOf, StaticVault } from "./locomo-vault";
import { scoreQuestion, type QuestionScores } from "./metrics";
import { coverageRanking } from "./coverage-baseline";

/** One pipeline to measure: a recall mode with its fusion and diversity, or the coverage baseline. */
export interface Variant {
	label: string;
	mode: RecallMode | "coverage";
	pipeline: RecallPipeline;
}

export interface ScoredQuestion {
	conversation: string;
	category: number;
	scores: QuestionScores;
	/** The question, the dia ids recall returned (best first) and the evidence: for `--dump`. */
	question: string;
	returned: string[];
	evidence: string[];
}

export interface RunOptions {
	variants: readonly Variant[];
	categories: ReadonlySet<number>;
	embedder?: Embedder;
	recallSettings?: RecallSettingsInput;
	keywordSettings?: KeywordSettingsInput;
}

/** In-memory storage for the embedding cache: each conversation starts empty. */
class NoStorage implements StoragePort {
	list = (): Promise<string[]> => Promise.resolve([]);
	read = (): Promise<string | null> => Promise.resolve(null);
	append = (): Promise<void> => Promise.resolve();
	writeAtomic = (): Promise<void> => Promise.resolve();
	remove = (): Promise<void> => Promise.resolve();
}

const timers = {
	setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
	clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
};

/** Indexes one conversation as a fresh vault and asks its questions in every variant, read-only. */
export async function runConversation(
	conversation: LocomoConversation,
	options: RunOptions,
): Promise<Map<string, ScoredQuestion[]>> {
	const settings = parseRecallSettings(options.recallSettings ?? {});
	const embeddings = options.embedder
		? new NoteEmbeddings({
				embedder: options.embedder,
				cache: await EmbeddingCache.open(new NoStorage(), {
					modelId: options.embedder.modelId,
					dimensions: options.embedder.dimensions,
				}),
				timers,
			})
		: undefined;
	let pipeline: RecallPipeline = DEFAULT_RECALL_PIPELINE;
	const recall = new RecallService({
		settings: () => settings,
		pipeline: () => pipeline,
		keywordSettings: options.keywordSettings,
		embeddings,
	});
	const index = new VaultIndex(new StaticVault(conversationNotes(conversation)), { onLoaded: recall.noteLoaded });
	recall.attach(index);
	await index.build();
	await embeddings?.whenIdle();
	recall.refreshCommunities();

	const results = new Map<string, ScoredQuestion[]>();
	for (const { label, mode, pipeline: variantPipeline } of options.variants) {
		pipeline = variantPipeline;
		const scored: ScoredQuestion[] = [];
		for (const question of conversation.questions) {
			if (!options.categories.has(question.category) || question.evidence.length === 0) continue;
			const paths =
				mode === "coverage"
					? coverageRanking(recall.keyword, question.question, 10)
					: (await recall.recall(question.question, { k: 10, mode, readOnly: true })).results.map((hit) => hit.path);
			const returned = paths.map(diaIdOf);
			scored.push({
				conversation: conversation.id,
				category: question.category,
				scores: scoreQuestion(returned, question.evidence),
				question: question.question,
				returned,
				evidence: question.evidence,
			});
		}
		results.set(label, scored);
	}
	recall.dispose();
	await embeddings?.close();
	return results;
}
