import type { ParsedNote } from "../model/parsed-note";
import { readableText } from "../recall/keyword/keyword-document";
import { dayOfTime, single, type Day, type DayRange } from "../time/calendar";
import { findTimes, isoDateDay, leadingDateSpan } from "../time/time-expressions";
import { cuePhrase, textCues } from "./cue-words";

/** What cue extraction reads of one note. */
export interface CueSource {
	/** The note's text, frontmatter included (the body starts at `parsed.bodyStart`). */
	content: string;
	parsed: ParsedNote;
	/** File creation time (ms): the note's date when nothing in it says otherwise. */
	ctime?: number;
}

/** The cues of one memory: derived data, never written into the note. */
export interface MemoryCues {
	/** Normalised cues (see `cueWord`): content words, names, tags, aliases, link texts. */
	cues: string[];
	/** The cues that name something (capitalised words and phrases, tags, aliases, link texts): activation spreads through these. */
	names: string[];
	/** The days the memory speaks of: `memory_event_date`, dates in the text, relative ones resolved. */
	times: DayRange[];
	/** The day the memory was written, against which its relative dates were resolved. */
	written?: Day;
}

/** What the cue index keeps of a memory's cues (a note digest saves it). */
export interface CueRecord {
	cues: readonly string[];
	names: readonly string[];
	times: readonly DayRange[];
	written?: Day;
}

/** Only the start of a long note gives cues: a memory states its facts first, and extraction stays cheap. */
const MAX_CUE_CHARS = 1000;
/** Most cues kept per memory, names first, then words in the order they come: bounds the index at ≈ 48 entries a note. */
const MAX_CUES = 48;
/** Frontmatter keys that hold the day a note was written, most specific first. */
const WRITTEN_KEYS = ["memory_created", "created", "date"];
const DAILY_NOTE = /^((?:19|20)\d{2}-\d{2}-\d{2})/;

/**
 * Cues of a memory: people, places, organisations and things (runs of capitalised words), topics
 * (content words), tags, aliases and the text of its links, all normalised (lower case, stemmed);
 * and its times, relative expressions ("yesterday", "last week") resolved against the day it was
 * written: a date opening the text, else `memory_created`/`created`/`date`, else a daily note's
 * name, else the file's creation time.
 */
export function extractCues(source: CueSource, title = ""): MemoryCues {
	const { parsed } = source;
	const body = readableText(source.content.slice(parsed.bodyStart, parsed.bodyStart + MAX_CUE_CHARS));
	const opening = leadingDateSpan(body);
	const written = opening?.day ?? writtenDay(parsed.frontmatter, title, source.ctime);
	const cues = new Set<string>();
	const names = new Set<string>();
	for (const tag of parsed.allTags) addTag(tag, cues, names);
	for (const alias of parsed.aliases) addPhrase(alias, cues, names);
	for (const link of [...parsed.links, ...parsed.embeds, ...parsed.frontmatterLinks]) {
		addPhrase(link.displayText ?? link.link.replace(/#.*$/, ""), cues, names);
	}
	const text = new Set<string>();
	textCues(opening ? body.slice(opening.end) : body, text, names);
	for (const name of names) cues.add(name);
	for (const cue of text) cues.add(cue);
	const times = findTimes(opening ? body.slice(opening.end) : body, written);
	const event = isoDateDay(parsed.frontmatter?.memory_event_date);
	if (event !== undefined) times.unshift(single(event));
	const kept = [...cues].slice(0, MAX_CUES);
	const keptSet = new Set(kept);
	const result: MemoryCues = { cues: kept, names: [...names].filter((name) => keptSet.has(name)), times };
	if (written !== undefined) result.written = written;
	return result;
}

function writtenDay(frontmatter: Record<string, unknown> | undefined, title: string, ctime?: number): Day | undefined {
	for (const key of WRITTEN_KEYS) {
		const day = isoDateDay(frontmatter?.[key]);
		if (day !== undefined) return day;
	}
	const daily = DAILY_NOTE.exec(title);
	if (daily) return isoDateDay(daily[1]);
	return ctime === undefined || !Number.isFinite(ctime) || ctime <= 0 ? undefined : dayOfTime(ctime);
}

/** A tag and each of its levels: `#project/alpha` → "project/alpha", "project", "alpha". */
function addTag(tag: string, cues: Set<string>, names: Set<string>): void {
	const plain = tag.replace(/^#/, "").toLowerCase();
	if (plain === "") return;
	if (plain.includes("/")) {
		cues.add(plain);
		names.add(plain);
	}
	for (const level of plain.split("/")) addPhrase(level, cues, names);
}

/** A name (alias, link text): the whole phrase and each of its words; the phrase is a name. */
function addPhrase(text: string, cues: Set<string>, names: Set<string>): void {
	const phrase = cuePhrase(text);
	if (phrase === "") return;
	cues.add(phrase);
	names.add(phrase);
	for (const word of phrase.split(" ")) cues.add(word);
}
