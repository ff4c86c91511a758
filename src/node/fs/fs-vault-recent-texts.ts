/** How many notes' texts are remembered (the most recently loaded). */
const NOTES = 32;
/** A text older than this is not taken for what is in the note now. */
const FRESH_MS = 60_000;
/** A load finding a strict start of the text remembered this recently is taken for a save half done. */
const HALF_DONE_MS = 2000;

/**
 * The fullest text lately loaded from each of the last few notes loaded: what a note held a
 * moment ago, so that a note now holding a strict start of it is known for an in-place save in
 * progress (see updateNote). A load that finds a strict start of a text remembered in the last
 * 2 s (a save caught half done) keeps the remembered one; later, it is taken as the user's deletion.
 */
export class RecentTexts {
	private readonly texts = new Map<string, { text: string; at: number }>();

	saw(absolute: string, text: string): void {
		const known = this.texts.get(absolute);
		this.texts.delete(absolute);
		const keep =
			known && Date.now() - known.at < HALF_DONE_MS && known.text.length > text.length && known.text.startsWith(text);
		this.texts.set(absolute, keep ? known : { text, at: Date.now() });
		if (this.texts.size > NOTES) this.texts.delete(this.texts.keys().next().value as string);
	}

	/** The note's remembered text as bytes, or null when none is fresh. */
	fullest(absolute: string): Buffer | null {
		const known = this.texts.get(absolute);
		return known && Date.now() - known.at < FRESH_MS ? Buffer.from(known.text, "utf8") : null;
	}
}
