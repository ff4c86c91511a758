import { isScalar, type Scalar } from "yaml";
import type { FrontmatterPatch, FrontmatterUpdate } from "../model/vault";
import { readFrontmatterBlock } from "./frontmatter-block";
import { sameData } from "./same-data";
import { stringifyEntry, stringifyInlineScalar } from "./stringify-yaml";
import { readYamlMap, type YamlEntry } from "./yaml-map-view";

export type EditResult = { ok: true; content: string; changed: boolean } | { ok: false; error: string };

interface TextEdit {
	from: number;
	to: number;
	text: string;
}

const BOM = "\uFEFF";

/**
 * Sets frontmatter keys (`undefined` removes one) by editing only the lines of those keys: every
 * other key, comment, quoting style, flow list, key order and every byte of the body stay as
 * they were. New keys go to the end of the block; a note without frontmatter gets a block at
 * the top, and a block left empty by removals is dropped. The result is re-parsed and checked
 * before it is returned, so a note is never rewritten into something other than what was asked.
 * A function `update` gets the frontmatter read from `content` and returns the patch.
 */
export function editFrontmatter(content: string, update: FrontmatterUpdate): EditResult {
	const block = readFrontmatterBlock(content);
	const bomLength = content.startsWith(BOM) ? BOM.length : 0;
	const yamlStart = block?.yamlStart ?? bomLength;
	const yamlText = block ? content.slice(block.yamlStart, block.yamlEnd) : "";
	const body = content.slice(block?.bodyStart ?? bomLength);
	const eol = block?.eol ?? firstLineBreak(content);

	const before = readYamlMap(yamlText);
	if (!before.ok) {
		const where = before.offset === undefined ? "" : ` (line ${lineNumber(content, yamlStart + before.offset)})`;
		return {
			ok: false,
			error: `Frontmatter YAML is invalid${where}: ${before.error}. The note was not changed; fix the frontmatter by hand.`,
		};
	}
	const patch = typeof update === "function" ? update(plainData(before.entries)) : update;
	const plan = planEdits(before.entries, patch, eol);
	if (plan.edits.length === 0 && plan.appended === "") return { ok: true, content, changed: false };

	const newYaml = applyEdits(yamlText, plan.edits) + plan.appended;
	const prefix = content.slice(0, bomLength);
	const opening = block ? content.slice(block.start, block.yamlStart) : `---${eol}`;
	const closing = block ? content.slice(block.yamlEnd, block.bodyStart) : `---${eol}`;
	const next = newYaml.trim() === "" ? prefix + body : prefix + opening + newYaml + closing + body;
	const problem = checkEdit(next, body, before.entries, patch);
	if (problem)
		return { ok: false, error: `Could not edit the frontmatter safely (${problem}). The note was not changed.` };
	return { ok: true, content: next, changed: true };
}

function planEdits(
	entries: YamlEntry[],
	patch: FrontmatterPatch,
	eol: string,
): { edits: TextEdit[]; appended: string } {
	const edits: TextEdit[] = [];
	let appended = "";
	for (const [key, value] of Object.entries(patch)) {
		const entry = entries.find((candidate) => candidate.key === key);
		if (!entry) {
			if (value !== undefined) appended += stringifyEntry(key, value, eol);
		} else if (value === undefined) {
			edits.push({ from: entry.from, to: entry.to, text: "" });
		} else if (!sameData(entry.value, value)) {
			edits.push(replaceValue(entry, key, value, eol));
		}
	}
	return { edits, appended };
}

/** Keeps the key, its spacing, quoting style and trailing comment when a scalar replaces a scalar. */
function replaceValue(entry: YamlEntry, key: string, value: unknown, eol: string): TextEdit {
	const old = entry.pair.value;
	if (isScalar(old) && isInlineScalar(old) && isScalarData(value) && old.range && old.range[1] > old.range[0]) {
		const text = stringifyInlineScalar(value, old.type);
		if (text !== null) return { from: old.range[0], to: old.range[1], text };
	}
	return { from: entry.from, to: entry.to, text: stringifyEntry(key, value, eol) };
}

function isInlineScalar(scalar: Scalar): boolean {
	return (
		!scalar.anchor && (scalar.type === "PLAIN" || scalar.type === "QUOTE_DOUBLE" || scalar.type === "QUOTE_SINGLE")
	);
}

function isScalarData(value: unknown): value is string | number | boolean | null {
	return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

function applyEdits(text: string, edits: TextEdit[]): string {
	let result = text;
	for (const edit of [...edits].sort((a, b) => b.from - a.from)) {
		result = result.slice(0, edit.from) + edit.text + result.slice(edit.to);
	}
	return result;
}

/** Re-reads the edited note: same body, valid YAML, patched keys as asked, every other entry untouched. */
function checkEdit(next: string, body: string, before: YamlEntry[], patch: FrontmatterPatch): string | null {
	const block = readFrontmatterBlock(next);
	const bodyStart = block?.bodyStart ?? (next.startsWith(BOM) ? BOM.length : 0);
	if (next.slice(bodyStart) !== body) return "the body would change";
	const yamlText = block ? next.slice(block.yamlStart, block.yamlEnd) : "";
	const after = readYamlMap(yamlText);
	if (!after.ok) return `the result would not parse: ${after.error}`;
	for (const [key, value] of Object.entries(patch)) {
		const found = after.entries.filter((entry) => entry.key === key);
		if (value === undefined ? found.length !== 0 : found.length !== 1 || !sameData(found[0].value, value)) {
			return `key "${key}" would not hold the requested value`;
		}
	}
	const untouched = (entries: YamlEntry[]) =>
		entries.filter((entry) => entry.key === null || !Object.hasOwn(patch, entry.key));
	const kept = untouched(before);
	const keptAfter = untouched(after.entries);
	if (kept.length !== keptAfter.length) return "other keys would be added or lost";
	for (let i = 0; i < kept.length; i++) {
		const same = kept[i].text === keptAfter[i].text && sameData(kept[i].value, keptAfter[i].value);
		if (!same) {
			return `key "${kept[i].key ?? "?"}" would change`;
		}
	}
	return null;
}

function plainData(entries: YamlEntry[]): Record<string, unknown> {
	const data: Record<string, unknown> = {};
	for (const entry of entries) if (entry.key !== null) data[entry.key] = entry.value;
	return data;
}

function firstLineBreak(content: string): "\n" | "\r\n" {
	const match = /\r?\n/.exec(content);
	return match?.[0] === "\r\n" ? "\r\n" : "\n";
}

function lineNumber(content: string, offset: number): number {
	let line = 1;
	for (let i = content.indexOf("\n"); i !== -1 && i < offset; i = content.indexOf("\n", i + 1)) line++;
	return line;
}
