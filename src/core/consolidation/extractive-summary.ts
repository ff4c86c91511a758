/** A member as the extractive summary reads it. */
export interface SummarySource {
	/** How the summary cites it, e.g. "[[Deploy failed]]". */
	link: string;
	/** Its text without frontmatter. */
	body: string;
}

/** Key sentences taken from each member. */
const SENTENCES_PER_MEMBER = 1;
/** A sentence whose terms are at least this share of a chosen sentence's (or the reverse) repeats it. */
const REPEAT_OVERLAP = 0.6;
/** Shorter sentences say too little to stand alone. */
const MIN_WORDS = 3;
/** Longest sentence taken whole; a longer one is cut at a word. */
const MAX_SENTENCE_CHARS = 400;

interface Sentence {
	text: string;
	terms: Set<string>;
	citations: string[];
}

/**
 * The members' key sentences, deduplicated, each cited with the members that say it: per member
 * the sentences sharing most terms with the other members (at most SENTENCES_PER_MEMBER), in
 * member order; a sentence repeating one already chosen adds its member's link to that one.
 */
export function extractiveSummary(
	sources: readonly SummarySource[],
	termsOf: (text: string) => Set<string>,
	heading: string,
): string {
	const perMember = sources.map((source) =>
		sentencesOf(source.body).map((text) => ({ text, terms: termsOf(text), link: source.link })),
	);
	const holders = new Map<string, number>();
	for (const sentences of perMember) {
		const terms = new Set(sentences.flatMap((sentence) => [...sentence.terms]));
		for (const term of terms) holders.set(term, (holders.get(term) ?? 0) + 1);
	}
	const weight = (terms: Set<string>): number => {
		let sum = 0;
		for (const term of terms) sum += (holders.get(term) ?? 1) - 1;
		return sum;
	};
	const chosen: Sentence[] = [];
	for (const sentences of perMember) {
		const key = sentences
			.map((sentence, position) => ({ ...sentence, position, weight: weight(sentence.terms) }))
			.sort((a, b) => b.weight - a.weight || a.position - b.position)
			.slice(0, SENTENCES_PER_MEMBER)
			.sort((a, b) => a.position - b.position);
		for (const sentence of key) {
			const repeated = chosen.find((other) => repeats(other.terms, sentence.terms));
			if (repeated) {
				if (!repeated.citations.includes(sentence.link)) repeated.citations.push(sentence.link);
			} else chosen.push({ text: sentence.text, terms: sentence.terms, citations: [sentence.link] });
		}
	}
	const lines = chosen.map((sentence) => `- ${sentence.text} (${sentence.citations.join(", ")})`);
	return `${heading}\n\n${lines.join("\n")}\n`;
}

/** The sentences of a text: split at sentence ends and line breaks, list markers and heading marks dropped. */
export function sentencesOf(body: string): string[] {
	return body
		.split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'([])/u)
		.map((line) => line.replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+|>\s*)/, "").trim())
		.filter((line) => line.split(/\s+/).length >= MIN_WORDS)
		.map((line) =>
			line.length <= MAX_SENTENCE_CHARS ? line : `${line.slice(0, line.lastIndexOf(" ", MAX_SENTENCE_CHARS))} …`,
		);
}

function repeats(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
	if (a.size === 0 || b.size === 0) return false;
	let shared = 0;
	for (const term of a) if (b.has(term)) shared++;
	return shared / Math.min(a.size, b.size) >= REPEAT_OVERLAP;
}
