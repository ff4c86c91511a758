export const DAY_MS = 86_400_000;

/** Whole or fractional days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: number, to: number): number {
	return (to - from) / DAY_MS;
}
