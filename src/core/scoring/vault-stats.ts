import type { ScoringSettings } from "../model/scoring-settings";
import { selectKth } from "./select-kth";

/** Vault-wide reference numbers, recomputed once per maintenance pass. */
export interface VaultStats {
	/** The reference percentile (default p99) of the weighted supportive degrees. */
	degreePercentile: number;
	/** Mean number of supportive neighbours per node. */
	meanDegree: number;
	nodeCount: number;
}

/**
 * Computes VaultStats from per-node columns (same order, same length). The percentile is the
 * nearest-rank one, found by selection on a copy, so the caller's array is left untouched.
 * Non-finite or negative degrees count as 0.
 */
export function computeVaultStats(
	weightedDegrees: Float64Array,
	degrees: ArrayLike<number>,
	settings: ScoringSettings,
): VaultStats {
	const n = weightedDegrees.length;
	if (degrees.length !== n) {
		throw new Error(
			`computeVaultStats: ${n} weighted degrees but ${degrees.length} degrees; pass one of each per node`,
		);
	}
	if (n === 0) return { degreePercentile: 0, meanDegree: 0, nodeCount: 0 };
	const copy = new Float64Array(n);
	let degreeSum = 0;
	for (let i = 0; i < n; i++) {
		const w = weightedDegrees[i];
		copy[i] = w > 0 && w !== Infinity ? w : 0;
		const d = degrees[i];
		degreeSum += d > 0 && d !== Infinity ? d : 0;
	}
	const rank = Math.max(0, Math.ceil(settings.connectivity.referencePercentile * n) - 1);
	return { degreePercentile: selectKth(copy, rank), meanDegree: degreeSum / n, nodeCount: n };
}
