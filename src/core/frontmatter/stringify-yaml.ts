import { Document, Scalar } from "yaml";

const OPTIONS = { lineWidth: 0 } as const;

/** `key: value` as YAML lines (block style for lists and maps), each ending in `eol`. */
export function stringifyEntry(key: string, value: unknown, eol: string): string {
	return withEol(new Document({ [key]: value }).toString(OPTIONS), eol);
}

/**
 * A scalar written in the same style as the one it replaces (plain, single or double quoted) when
 * YAML allows it; null when it would not fit on one line.
 */
export function stringifyInlineScalar(value: string | number | boolean | null, style: Scalar["type"]): string | null {
	const scalar = new Scalar(value);
	scalar.type = style;
	const text = new Document(scalar).toString(OPTIONS).replace(/\n$/, "");
	return text.includes("\n") ? null : text;
}

function withEol(text: string, eol: string): string {
	return eol === "\n" ? text : text.replace(/\n/g, eol);
}
