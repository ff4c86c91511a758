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

/**
 * A question without the words that shape it rather than say what it is about: "what kind of
 * art" asks about art ("kind" would match "your kind words"), "how many times" about times.
 * Used for the words recall matches (keyword and cue channels); the words left out never name a
 * time, and the intent ("why") and the vector query read the question as asked.
 */
export function questionContent(query: string): string {
	return query.replace(QUESTION_FORM, " ");
}

const QUESTION_FORM = /\b(?:(?:kinds?|types?|sorts?)\s+of|(?<=\bhow\s+)(?:many|much))\b/gi;
