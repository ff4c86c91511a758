/**
 * Whether a query asks for a reason ("why did the sync break", "what caused the outage", "the
 * reason for the delay"): recall then follows links towards causes and evidence more strongly.
 * English question forms only, like the rest of the query analysis.
 */
export function asksWhy(query: string): boolean {
	return WHY.test(query);
}

const WHY =
	/\b(?:why|how come|what (?:caused|causes|led to|leads to|made)|reasons? (?:for|behind|why)|because of what)\b/i;
