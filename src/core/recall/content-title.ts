import { withoutBidiControls } from "../model/note-text-rules";

/** Longest file name (without `.md`) the writer makes; long enough for a sentence, short enough for every file system. */
const MAX_TITLE_CHARS = 100;
const WORDS_FROM_TEXT = 10;
/** Characters of a body searched for its first line with words. */
const OPENING_CHARS = 2000;
// Characters that are not allowed in file names on some system, or that break a [[wikilink]].
// eslint-disable-next-line no-control-regex -- control characters are among the refused ones
const UNSAFE_IN_NAME = /[\\/:*?"<>|#^[\]\u0000-\u001f\u007f-\u009f]+/g;
// Lone surrogates: a file system would store U+FFFD instead, so the note would not be found under its name.
const LONE_SURROGATES = /\p{Cs}+/gu;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const HEADING = /^\s*#{1,6}\s/;

/**
 * A file name (without folder and `.md`) for a title: characters that are unsafe in file names
 * or links become spaces, bidi controls (which disguise a name) are dropped, leading dots
 * (hidden files) and trailing dots/spaces (Windows) go, reserved device names get a suffix,
 * and the name is cut to MAX_TITLE_CHARS at a word break. "" when nothing usable is left.
 */
export function fileNameFor(title: string): string {
	let name = withoutBidiControls(title.replace(LONE_SURROGATES, " ").normalize("NFC"))
		.replace(/\.md$/i, "")
		.replace(UNSAFE_IN_NAME, " ")
		.replace(/\s+/g, " ")
		.replace(/^[\s.]+/, "");
	if (name.length > MAX_TITLE_CHARS) {
		const cut = [...name].slice(0, MAX_TITLE_CHARS).join("");
		const space = cut.lastIndexOf(" ");
		name = space > MAX_TITLE_CHARS / 2 ? cut.slice(0, space) : cut;
	}
	name = name.replace(/[\s.]+$/, "");
	return WINDOWS_RESERVED.test(name) ? `${name} note` : name;
}

/**
 * A title from the first words of the first line with words in it (markdown markup dropped),
 * and whether that line is a heading. `text` is readable text (see readableText).
 */
function openingTitle(text: string): { title: string; heading: boolean } {
	for (const line of text.split("\n")) {
		const words = line
			.replace(/^\s*(?:#{1,6}\s|>\s?|[-*+]\s(?:\[.\]\s)?|\d+[.)]\s)*/, "")
			.replace(/[*_`~=]+/g, "")
			.match(/\S+/g);
		if (!words || !/[\p{L}\p{N}]/u.test(words.join(""))) continue;
		const title = fileNameFor(words.slice(0, WORDS_FROM_TEXT).join(" "));
		if (title !== "") return { title, heading: HEADING.test(line) };
	}
	return { title: "", heading: false };
}

/** The title the writer gives a memory stored without one: the first words of its text. */
export function titleFromText(text: string): string {
	return openingTitle(text).title;
}

/**
 * Whether `title` (numbered or not: "Title 2") is only the text's opening words as
 * titleFromText makes them from a line that is not a heading: a name the writer made for a
 * memory stored without a title, not a title someone chose.
 */
export function isTitleFromText(title: string, text: string): boolean {
	const opening = openingTitle(text.slice(0, OPENING_CHARS));
	if (opening.title === "" || opening.heading) return false;
	if (title === opening.title) return true;
	return title.startsWith(`${opening.title} `) && /^\d+$/.test(title.slice(opening.title.length + 1));
}
