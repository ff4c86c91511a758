import { ENGLISH_STOP_WORDS } from "../model/stop-words";

/** A `memory_recall` result as the MCP tool answers it (the fields the hooks read). */
export interface RecalledMemory {
	node_id: string;
	relevance: number;
	low_confidence?: boolean;
	superseded_by?: string[];
	why: { terms?: string[]; similarity?: number; injected?: string };
	snippet?: string;
}

/** How clearly a recalled memory must match a prompt before a hook shows it unasked. */
export interface RecallGate {
	minSimilarity: number;
	minTerms: number;
	/** Share of the prompt's words (0–1) the memory must hold, besides `minTerms`. */
	minCoverage: number;
}

const STOP = new Set(ENGLISH_STOP_WORDS);

/** The distinct words of a prompt that can match a memory: letters or digits, two or more, no stop words. */
export function contentWords(text: string): string[] {
	const words = text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
	return [...new Set(words.filter((word) => !STOP.has(word)))];
}

/**
 * The memories worth showing unasked for `prompt`: matched by their own words or meaning (not only
 * because they are core or pinned), not superseded, not marked low confidence, and either similar
 * in meaning (`minSimilarity`, with a model) or holding at least `minTerms` of the prompt's words
 * (all of them when the prompt has fewer) and at least `minCoverage` of them. Most prompts get none.
 */
export function memoriesWorthShowing(
	prompt: string,
	hits: readonly RecalledMemory[],
	gate: RecallGate,
): RecalledMemory[] {
	const words = contentWords(prompt).length;
	if (words === 0) return [];
	const needTerms = Math.max(Math.min(gate.minTerms, words), Math.ceil(gate.minCoverage * words - 1e-9));
	return hits.filter((hit) => {
		if (hit.low_confidence || hit.why.injected !== undefined || (hit.superseded_by?.length ?? 0) > 0) return false;
		const similar = hit.why.similarity !== undefined && hit.why.similarity >= gate.minSimilarity;
		return similar || (hit.why.terms?.length ?? 0) >= needTerms;
	});
}
