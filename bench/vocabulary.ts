import type { Rng } from "./prng";

/** Frequent English words, most frequent first, so Zipf sampling gives text a natural rhythm. */
const COMMON_WORDS = `
the of and to a in is it that for on was with as be by this are not at from or have an they
which one you were all we can there but more if had their when what some would so about
out them then these into other than time could has its two like been may first who now
people over any only new also after use very where most through back much before our good
how well should way just because each those many state over work year must still down
between same under last never while might great old long small without part since place
again against right three little world day both thing both every end few found around high
during set since another change seem next lead show give early hand open know plan team note
sync offline data file folder link graph memory record event cause effect reason decision
choice option issue problem fix test check result report design change review build release
merge branch server client device phone laptop user person meeting agenda action owner
deadline risk cost budget estimate scope goal metric latency error crash retry queue cache
index search query score weight rank recall store write read update delete conflict version
history backup restore schema field value list table row column key token session request
response timeout network storage disk battery screen page view button menu setting option
config default limit size count total average median peak slow fast stable broken clean draft
final idea question answer summary context detail example evidence source target reference
project roadmap milestone sprint week month quarter morning evening today yesterday tomorrow
customer support ticket feedback survey interview experiment hypothesis baseline variant
outcome lesson mistake pattern rule policy principle habit preference priority focus energy
quiet careful simple direct honest clear rough strong weak fresh stale local remote shared
private public manual automatic daily weekly monthly first second third last next previous
agree disagree decide propose accept reject approve delay cancel finish start continue pause
measure compare explain describe remember forget learn teach notice expect happen follow
`;

export const TAG_WORDS = [
	"project",
	"sync",
	"idea",
	"meeting",
	"review",
	"bug",
	"research",
	"draft",
	"decision",
	"person",
	"reading",
	"health",
	"travel",
	"finance",
	"design",
	"ops",
	"release",
	"client",
	"learning",
	"journal",
	"todo",
	"archive",
	"reference",
	"experiment",
	"incident",
	"area",
	"topic",
	"weekly",
	"question",
	"howto",
];

const ONSETS = [
	"",
	"b",
	"br",
	"c",
	"ch",
	"d",
	"f",
	"g",
	"h",
	"k",
	"l",
	"m",
	"n",
	"p",
	"r",
	"s",
	"st",
	"t",
	"th",
	"tr",
	"v",
	"w",
	"z",
];
const VOWELS = ["a", "e", "i", "o", "u", "a", "e", "o", "ai", "ou"];
const CODAS = ["", "", "", "", "n", "r", "s", "l", "m", "nd", "st", "x"];

/** The common words above, each once, in their listed order. */
export function commonWords(): string[] {
	return [...new Set(COMMON_WORDS.split(/\s+/).filter((word) => word.length > 0))];
}

/** `count` distinct pronounceable pseudo-words (`brailen`, `thoust`…) that are not common words. */
export function pseudoWords(rng: Rng, count: number): string[] {
	const taken = new Set(commonWords());
	const words: string[] = [];
	while (words.length < count) {
		const syllables = rng.chance(0.2) ? 1 : rng.chance(0.75) ? 2 : 3;
		let word = "";
		for (let s = 0; s < syllables; s++)
			word += (s === 0 ? rng.pick(ONSETS) : rng.pick(ONSETS) || "l") + rng.pick(VOWELS) + rng.pick(CODAS);
		if (word.length < 3 || taken.has(word)) continue;
		taken.add(word);
		words.push(word);
	}
	return words;
}

/**
 * Draws words with Zipf frequencies (rank r has weight 1/r^exponent). A 64k lookup table makes
 * each draw O(1): body text for 100k notes needs tens of millions of draws.
 */
export function zipfSampler(rng: Rng, words: readonly string[], exponent: number): () => string {
	const tableSize = 1 << 16;
	const weights = words.map((_, rank) => 1 / Math.pow(rank + 1, exponent));
	const total = weights.reduce((sum, weight) => sum + weight, 0);
	const table: string[] = [];
	let cumulative = 0;
	for (let rank = 0; rank < words.length; rank++) {
		cumulative += weights[rank];
		const end = Math.max(Math.round((cumulative / total) * tableSize), table.length + 1);
		while (table.length < end) table.push(words[rank]);
	}
	return () => table[Math.floor(rng.next() * table.length)];
}

export function titleCase(word: string): string {
	return word.charAt(0).toUpperCase() + word.slice(1);
}
