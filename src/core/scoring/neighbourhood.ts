/** Numbers the graph supplies about a node; scoring never reads the graph itself. */
export interface NodeNeighbourhood {
	/** Sum of the causal weights of supportive edges, in and out. */
	weightedSupportiveDegree: number;
	/** Number of supportive neighbours. */
	degree: number;
	/** Share of those neighbours that are hubs (see `isHub`), in [0, 1]; 0 without neighbours. */
	neighbourHubShare: number;
}

/** "Orphan" = no supportive edge in either direction. */
export function isOrphan(neighbourhood: NodeNeighbourhood): boolean {
	return !(neighbourhood.weightedSupportiveDegree > 0);
}
