import type { Archetype } from "../../../src/core/lifecycle/simulate";
import type { ScoringSettings } from "../../../src/core/model/scoring-settings";
import { createScoringContext, type ScoringContext } from "../../../src/core/scoring/context";
import type { NodeNeighbourhood } from "../../../src/core/scoring/neighbourhood";
import { computeVaultStats } from "../../../src/core/scoring/vault-stats";
import { syntheticVault } from "../scoring/synthetic-vault";

export {
	dailyPasses,
	simulate,
	type Archetype,
	type PassRecord,
	type UseEventKind,
} from "../../../src/core/lifecycle/simulate";

export interface ReferenceVault {
	ctx: ScoringContext;
	orphan: NodeNeighbourhood;
	oneWikilink: NodeNeighbourhood;
	twoCausalLinks: NodeNeighbourhood;
	/** The weakest note of the top 1% by weighted degree. */
	hub: NodeNeighbourhood;
}

/** The 1000-note synthetic vault (seeded) that the archetype tests and docs/scoring.md use. */
export function referenceVault(settings: ScoringSettings): ReferenceVault {
	const vault = syntheticVault();
	const stats = computeVaultStats(vault.weightedDegree, vault.degree, settings);
	const hubIndex = vault.weightedDegree.indexOf(stats.degreePercentile);
	const plain = (weightedSupportiveDegree: number, degree: number): NodeNeighbourhood => ({
		weightedSupportiveDegree,
		degree,
		neighbourHubShare: 0,
	});
	return {
		ctx: createScoringContext(settings, stats),
		orphan: plain(0, 0),
		oneWikilink: plain(0.5, 1),
		twoCausalLinks: plain(2, 2),
		hub: plain(vault.weightedDegree[hubIndex], vault.degree[hubIndex]),
	};
}

export interface StandardArchetypes {
	freshOrphan: Archetype;
	oneWikilink: Archetype;
	twoCausalLinks: Archetype;
	hub: Archetype;
	spacedRecalls: Archetype;
	pinned: Archetype;
}

/** The archetypes of DESIGN §3 (and two more for the docs), all created on day 0 by the user. */
export function standardArchetypes(vault: ReferenceVault): StandardArchetypes {
	return {
		freshOrphan: { name: "fresh orphan", neighbourhood: vault.orphan },
		oneWikilink: { name: "one wikilink", neighbourhood: vault.oneWikilink },
		twoCausalLinks: { name: "two causal links", neighbourhood: vault.twoCausalLinks },
		hub: { name: "hub", neighbourhood: vault.hub },
		spacedRecalls: {
			name: "spaced recalls",
			neighbourhood: vault.orphan,
			events: [1, 4, 7, 10, 13].map((day) => ({ day, kind: "recall" })),
		},
		pinned: { name: "pinned orphan", neighbourhood: vault.orphan, pinned: true },
	};
}
