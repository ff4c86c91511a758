import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { RecallSettings } from "../../core/model/recall-settings";
import { EDGE_TYPE_INFO } from "../../core/model/edge-types";
import { conflictsAmong } from "../../core/recall/conflicts/hit-conflicts";
import { conflictProfile, type ConflictProfile } from "../../core/recall/conflicts/conflicts";
import type { RecallHit } from "../../core/recall/recall-types";

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
 * Flags recall results that may disagree with another result, keeping the conflict profiles of
 * snippets between recalls (a note's is dropped when the note changes).
 */
export class RecallConflicts {
	private readonly snippetProfiles = new Map<string, ConflictProfile>();

	/** The note changed or left: its snippet profile no longer holds. */
	forget(path: string): void {
		this.snippetProfiles.delete(path);
	}

	/**
	 * Marks results that may disagree with another result (see conflictsAmong), unless an edge
	 * between the two already records it (EDGE_TYPE_INFO's `marksConflict`). Concise hits are
	 * compared by their snippet, which holds the whole of a typical memory, so recall reads no
	 * note for it; full hits by the start of their text.
	 */
	flag(graph: MemoryGraph, results: RecallHit[], settings: RecallSettings["conflicts"]): void {
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
				(edge) => EDGE_TYPE_INFO[edge.type].marksConflict && (edge.target === a || edge.target === b),
			);
		const conflicts = conflictsAmong(candidates, settled, settings);
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
}
