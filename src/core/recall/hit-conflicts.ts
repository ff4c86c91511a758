import { possibleConflicts, type ConflictOptions, type PossibleConflict } from "./conflicts";

export interface ConflictCandidate {
	id: string;
	text: string;
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
	const add = (conflict: PossibleConflict, to: string): void => {
		const list = found.get(to);
		if (list) list.push(conflict);
		else found.set(to, [conflict]);
	};
	for (let i = 0; i < open.length; i++) {
		for (let j = i + 1; j < open.length; j++) {
			const a = open[i];
			const b = open[j];
			const fromA = possibleConflicts(a.text, [b], { ...options, labels: LABELS });
			if (fromA.length === 0 || resolved(a.id, b.id)) continue;
			for (const conflict of fromA) add(conflict, a.id);
			for (const conflict of possibleConflicts(b.text, [a], { ...options, labels: LABELS })) add(conflict, b.id);
		}
	}
	return found;
}
