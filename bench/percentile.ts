/** Nearest-rank percentile (`p` in 0–100) of a non-empty list of numbers. */
export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) throw new Error("percentile: no values");
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.ceil((p / 100) * sorted.length);
	return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
