import type { MemoryEngine } from "../engine/memory-engine";
import type { RecallHit, RecallResult, SearchFilters, SearchHit } from "../core/recall/recall-types";

/**
 * Recall limited to the notes the client may read: the engine ranks only readable notes and
 * reactivates only what it returns; the hits are then cleaned of the names of unreadable notes
 * (replacements, the graph path that led to them).
 */
export async function recallReadable(
	engine: MemoryEngine,
	canRead: (path: string) => boolean,
	query: string,
	options: { limit: number; verbosity: "full" | "concise"; readOnly: boolean },
): Promise<RecallResult> {
	const result = await engine.recall(query, {
		k: options.limit,
		verbosity: options.verbosity,
		readOnly: options.readOnly,
		include: canRead,
	});
	return { ...result, results: result.results.map((hit) => withoutUnreadable(hit, canRead)) };
}

/** Search limited to readable notes. */
export function searchReadable(
	engine: MemoryEngine,
	canRead: (path: string) => boolean,
	query: string,
	filters: SearchFilters,
	k: number,
): SearchHit[] {
	return engine.search(query, { ...filters, include: canRead }, k);
}
/** A hit without the names of notes the client may not read (replacements, the graph path that led to it). */
function withoutUnreadable(hit: RecallHit, canRead: (path: string) => boolean): RecallHit {
	const clean: RecallHit = { ...hit, why: { ...hit.why } };
	if (clean.supersededBy) {
		const readable = clean.supersededBy.filter(canRead);
		if (readable.length > 0) clean.supersededBy = readable;
		else delete clean.supersededBy;
	}
	if (clean.why.replaces) {
		const readable = clean.why.replaces.filter(canRead);
		if (readable.length > 0) clean.why.replaces = readable;
		else delete clean.why.replaces;
	}
	if (clean.why.path && !clean.why.path.every(canRead)) {
		delete clean.why.path;
		delete clean.why.edges;
	}
	return clean;
}
