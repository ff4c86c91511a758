export const DEFAULT_K = 10;
const MAX_K = 200;

/** How many results a recall or search returns: `k`, checked, or the default. */
export function resultCount(k: number | undefined): number {
	if (k === undefined) return DEFAULT_K;
	if (!Number.isInteger(k) || k < 1 || k > MAX_K)
		throw new Error(`The number of results must be a whole number from 1 to ${MAX_K} (got ${k}).`);
	return k;
}
