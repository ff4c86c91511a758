/**
 * A score with three significant digits, e.g. 0.0149 or 0.72; more when needed so that a value
 * next to a threshold never prints as the threshold itself ("0.01498 < 0.015", not "0.015 < 0.015").
 */
export function formatScore(value: number, threshold?: number): string {
	for (let digits = 3; digits < 17; digits++) {
		const text = String(Number(value.toPrecision(digits)));
		if (threshold === undefined || value === threshold || text !== String(threshold)) return text;
	}
	return String(value);
}

/** Whole days, e.g. "31 days" or "1 day". */
export function formatDays(days: number): string {
	const whole = Math.floor(days);
	return `${whole} ${whole === 1 ? "day" : "days"}`;
}
