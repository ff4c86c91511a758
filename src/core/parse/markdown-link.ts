/**
 * The `(destination "title")` part of a markdown link, read from the `(`. Scanning stops at the
 * first character that cannot belong to it (whitespace, `[`, `]`, `<` or end of line outside
 * `<…>`), which keeps the work per line linear even on hostile input.
 */
export interface Destination {
	/** The destination as written, without `<>`. */
	raw: string;
	/** Index just past the closing `)`. */
	end: number;
}

function skipSpaces(line: string, i: number): number {
	while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
	return i;
}

function readAngleDestination(line: string, from: number): { raw: string; next: number } | null {
	for (let i = from + 1; i < line.length; i++) {
		const code = line.charCodeAt(i);
		if (code === 92 /* \ */) i++;
		else if (code === 62 /* > */) return { raw: line.slice(from + 1, i), next: i + 1 };
		else if (code === 60 /* < */) return null;
	}
	return null;
}

function readPlainDestination(line: string, from: number): { raw: string; next: number } | null {
	let depth = 0;
	let i = from;
	for (; i < line.length; i++) {
		const code = line.charCodeAt(i);
		if (code === 92 /* \ */) {
			i++;
			continue;
		}
		if (code <= 32 || code === 91 /* [ */ || code === 93 /* ] */ || code === 60 /* < */) break;
		if (code === 40 /* ( */) depth++;
		else if (code === 41 /* ) */) {
			if (depth === 0) break;
			depth--;
		}
	}
	if (depth !== 0) return null;
	return { raw: line.slice(from, Math.min(i, line.length)), next: Math.min(i, line.length) };
}

function skipTitle(line: string, from: number): number | null {
	const open = line.charCodeAt(from);
	const close = open === 40 /* ( */ ? 41 : open;
	if (open !== 34 /* " */ && open !== 39 /* ' */ && open !== 40) return from;
	for (let i = from + 1; i < line.length; i++) {
		const code = line.charCodeAt(i);
		if (code === 92 /* \ */) i++;
		else if (code === close) return i + 1;
	}
	return null;
}

/** Reads the destination whose `(` is at `open`; null when the text there is not one. */
export function readDestination(line: string, open: number): Destination | null {
	let i = skipSpaces(line, open + 1);
	const dest = line.charCodeAt(i) === 60 /* < */ ? readAngleDestination(line, i) : readPlainDestination(line, i);
	if (!dest) return null;
	i = skipSpaces(line, dest.next);
	if (i > dest.next || line.charCodeAt(i) !== 41) {
		const afterTitle = skipTitle(line, i);
		if (afterTitle === null) return null;
		i = skipSpaces(line, afterTitle);
	}
	if (line.charCodeAt(i) !== 41 /* ) */) return null;
	return { raw: dest.raw, end: i + 1 };
}

/** `http:`, `mailto:`, `obsidian:`, `C:`… and protocol-relative `//host`: not a note in the vault. */
export function isExternalDestination(raw: string): boolean {
	return /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith("//");
}

const ESCAPED_PUNCTUATION = /\\([!-/:-@[-`{-~])/g;

/** The destination as Obsidian stores it in `link`: backslash escapes removed, URL-decoded. */
export function decodeDestination(raw: string): string {
	const unescaped = raw.includes("\\") ? raw.replace(ESCAPED_PUNCTUATION, "$1") : raw;
	if (!unescaped.includes("%")) return unescaped;
	try {
		return decodeURIComponent(unescaped);
	} catch {
		return unescaped;
	}
}
