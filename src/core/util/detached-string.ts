/**
 * A copy of `text` that holds no reference to any other string. A JavaScript engine may make a
 * substring (slice, split, trim, a regex match) a view into its source, so a 20-character link
 * kept from a note keeps the whole note's text alive; strings an index keeps for long are
 * detached when they are stored. The JSON round trip always builds a new flat string.
 */
export function detachedString(text: string): string {
	return JSON.parse(JSON.stringify(text)) as string;
}
