/** Seeded PRNG (mulberry32): the same seed always gives the same sequence in [0, 1). */
export function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export interface SyntheticVault {
	/** Supportive neighbours per node. */
	degree: Float64Array;
	/** Sum of causal weights of those edges. */
	weightedDegree: Float64Array;
}

/** Causal weights and how often each edge type occurs in the synthetic vault (mostly body wikilinks). */
const EDGE_MIX: readonly { weight: number; share: number }[] = [
	{ weight: 0.5, share: 0.65 }, // related_to
	{ weight: 1.0, share: 0.25 }, // caused_by, supports
	{ weight: 0.8, share: 0.1 }, // derived_from
];

/**
 * A vault with realistic link counts: a fifth of the notes are orphans, the rest have a
 * power-law degree (P(degree ≥ k) = k^-1.3, as in typical note graphs: most notes have a few
 * links, a few hubs have dozens).
 */
export function syntheticVault(nodeCount = 1000, seed = 1): SyntheticVault {
	const random = mulberry32(seed);
	const degree = new Float64Array(nodeCount);
	const weightedDegree = new Float64Array(nodeCount);
	for (let i = 0; i < nodeCount; i++) {
		if (random() < 0.2) continue;
		const k = Math.min(nodeCount - 1, Math.floor(Math.pow(1 - random(), -1 / 1.3)));
		let w = 0;
		for (let e = 0; e < k; e++) w += edgeWeight(random());
		degree[i] = k;
		weightedDegree[i] = w;
	}
	return { degree, weightedDegree };
}

function edgeWeight(u: number): number {
	let acc = 0;
	for (const { weight, share } of EDGE_MIX) {
		acc += share;
		if (u < acc) return weight;
	}
	return EDGE_MIX[EDGE_MIX.length - 1].weight;
}
