import { isTagChar } from "./tag-grammar";

/** A Dataview inline field on one line: `key:: value`, `[key:: value]` or `(key:: value)`. */
export interface InlineField {
	key: string;
	/** Value range within the line, [start, end). */
	valueStart: number;
	valueEnd: number;
}

const MAX_KEY_LENGTH = 100;

function isKeyChar(code: number): boolean {
	if (code === 32 || code === 45 /* - */ || code === 95 /* _ */ || code === 42 /* * */ || code === 47 /* / */) {
		return true;
	}
	return (
		(code >= 48 && code <= 57) ||
		(code >= 65 && code <= 90) ||
		(code >= 97 && code <= 122) ||
		(code > 127 && isTagChar(code))
	);
}

/** The key starting at `from` when `key::` follows; the index after `::` and the cleaned key. */
function readKey(line: string, from: number): { key: string; after: number } | null {
	let i = from;
	const limit = Math.min(line.length, from + MAX_KEY_LENGTH);
	while (i < limit && isKeyChar(line.charCodeAt(i))) i++;
	if (line.charCodeAt(i) !== 58 /* : */ || line.charCodeAt(i + 1) !== 58) return null;
	const key = line
		.slice(from, i)
		.trim()
		.replace(/^[*_]+|[*_]+$/g, "")
		.trim();
	if (key === "" || line.charCodeAt(from) === 32) return null;
	return { key, after: i + 2 };
}

/** Skips indentation, a list marker (`- `, `1. `) and a task checkbox (`[ ] `) at `from`. */
function skipListPrefix(line: string, from: number): number {
	let i = from;
	while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
	const bullet = /^(?:[-+*]|\d{1,9}[.)])[ \t]+/.exec(line.slice(i, i + 12));
	if (bullet) i += bullet[0].length;
	const box = /^\[.\][ \t]+/.exec(line.slice(i, i + 8));
	if (box) i += box[0].length;
	return i;
}

/** `[` and `(` that directly precede a `key::`: the only brackets that can open a field. */
function fieldOpeners(line: string): Set<number> {
	const openers = new Set<number>();
	for (let colons = line.indexOf("::"); colons >= 0; colons = line.indexOf("::", colons + 2)) {
		let i = colons;
		while (i > 0 && colons - i < MAX_KEY_LENGTH && isKeyChar(line.charCodeAt(i - 1))) i--;
		const code = line.charCodeAt(i - 1);
		if (i > 0 && (code === 91 /* [ */ || code === 40) /* ( */) openers.add(i - 1);
	}
	return openers;
}

/** Index of the closer matching each of `openers`, ignoring backslash-escaped brackets. */
function matchBrackets(line: string, openers: Set<number>): Map<number, number> {
	const matches = new Map<number, number>();
	const squares: number[] = [];
	const rounds: number[] = [];
	for (let i = 0; i < line.length; i++) {
		const code = line.charCodeAt(i);
		if (code === 92 /* \ */) i++;
		else if (code === 91 /* [ */) squares.push(i);
		else if (code === 40 /* ( */) rounds.push(i);
		else if (code === 93 /* ] */ || code === 41 /* ) */) {
			const open = (code === 93 ? squares : rounds).pop();
			if (open !== undefined && openers.has(open)) matches.set(open, i);
		}
	}
	return matches;
}

/** Every inline field on a line whose content (after any `>` quote markers) starts at `contentStart`. */
export function findInlineFields(line: string, contentStart: number): InlineField[] {
	if (!line.includes("::")) return [];
	const fields: InlineField[] = [];
	const whole = readKey(line, skipListPrefix(line, contentStart));
	if (whole) fields.push({ key: whole.key, valueStart: whole.after, valueEnd: line.length });
	const openers = fieldOpeners(line);
	if (openers.size === 0) return fields;
	for (const [open, close] of matchBrackets(line, openers)) {
		const inner = readKey(line, open + 1);
		if (inner && inner.after <= close) fields.push({ key: inner.key, valueStart: inner.after, valueEnd: close });
	}
	return fields;
}

/**
 * For each position (ascending), the innermost field whose value contains it. Fields from one line
 * nest like the brackets they come from, so a stack sweep does it in linear time.
 */
export function innermostFields(
	fields: readonly InlineField[],
	positions: readonly number[],
): (InlineField | undefined)[] {
	const byStart = [...fields].sort((a, b) => a.valueStart - b.valueStart || b.valueEnd - a.valueEnd);
	const open: InlineField[] = [];
	let next = 0;
	return positions.map((position) => {
		while (next < byStart.length && byStart[next].valueStart <= position) open.push(byStart[next++]);
		while (open.length > 0 && open[open.length - 1].valueEnd <= position) open.pop();
		return open[open.length - 1];
	});
}
