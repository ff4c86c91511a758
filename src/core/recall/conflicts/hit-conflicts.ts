import { conflictsBetween, type ConflictOptions, type ConflictProfile, type PossibleConflict } from "./conflicts";

export interface ConflictCandidate {
	id: string;
	/** Its text as conflictProfile reads it. */
	profile: ConflictProfile;
	/** Replaced by a newer memory (amended): what it says is history, not a disagreement. */
	superseded: boolean;
}

const LABELS = { own: "recalled", other: "other" };

/**
 * The unresolved conflicts among recalled memories, per memory: every pair whose texts may
 * disagree (see possibleConflicts), unless one of the two has been superseded or `resolved`
 * says the pair was settled (a supersedes or contradicts link between them). Each memory's
 * list names the other one; details read from that memory's side.
 */
export function conflictsAmong(
	hits: readonly ConflictCandidate[],
	resolved: (a: string, b: string) => boolean,
	options: Omit<ConflictOptions, "labels"> = {},
): Map<string, PossibleConflict[]> {
	const open = hits.filter((hit) => !hit.superseded);
	const found = new Map<string, PossibleConflict[]>();
	const add = (to: string, conflicts: PossibleConflict[]): void => {
		if (conflicts.length > 0) found.set(to, [...(found.get(to) ?? []), ...conflicts]);
	};
	const labelled = { ...options, labels: LABELS };
	for (let i = 0; i < open.length; i++) {
		for (let j = i + 1; j < open.length; j++) {
			const a = open[i];
			const b = open[j];
			const fromA = conflictsBetween(a.profile, b.id, b.profile, labelled);
			if (fromA.length === 0 || resolved(a.id, b.id)) continue;
			add(a.id, fromA);
			add(b.id, conflictsBetween(b.profile, a.id, a.profile, labelled));
		}
	}
	return found;
}
