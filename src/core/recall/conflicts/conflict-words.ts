/** Words that carry no claim of their own: neither anchors for numbers nor evidence of overlap. */
const STOP_WORDS: ReadonlySet<string> = new Set(
	(
		"a an the and or but if then so of to in on at by for with from into onto about as than that this these those " +
		"it its we our ours us i me my mine you your yours he she him her his they them their theirs there here " +
		"what which who whom whose when where why how all any some each every both either other such same " +
		"is are was were be been being am do does did done doing have has had having will would shall should " +
		"can could may might must get got gets " +
		"now currently still also just only very too again ever already yet anymore really actually " +
		"around approximately approx roughly nearly almost about over under up down out off per via " +
		"today yesterday tomorrow ago pm am et al etc"
	).split(" "),
);

/** Words that turn a sentence negative; `n't` contractions are recognised separately. */
const NEGATIONS: ReadonlySet<string> = new Set(
	"not no never none nobody nothing nowhere neither nor without cannot".split(" "),
);

export const MONTHS: ReadonlySet<string> = new Set(
	(
		"january february march april may june july august september october november december " +
		"jan feb mar apr jun jul aug sep sept oct nov dec"
	).split(" "),
);

/** Lower case, straight apostrophes, and a light plural strip so "budgets" meets "budget". */
export function normalizeWord(word: string): string {
	const lower = word.toLowerCase().replace(/’/g, "'");
	if (lower.length > 3 && lower.endsWith("s") && !/(ss|us|is)$/.test(lower)) return lower.slice(0, -1);
	return lower;
}

export function isNegation(word: string): boolean {
	const lower = word.toLowerCase().replace(/’/g, "'");
	return NEGATIONS.has(lower) || lower.endsWith("n't");
}

/** A word that can anchor a number or count as shared content. */
export function isContentWord(normalized: string): boolean {
	return (
		normalized.length > 1 && !STOP_WORDS.has(normalized) && !NEGATIONS.has(normalized) && !normalized.endsWith("n't")
	);
}
