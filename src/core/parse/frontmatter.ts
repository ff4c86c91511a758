import { isMap, LineCounter, parseDocument, type Node, type YAMLError } from "yaml";
import { duplicateKey } from "./duplicate-key";

export interface FrontmatterBlock {
	/** The YAML between the `---` lines. */
	yaml: string;
	/** Offset just past the closing `---` line. */
	bodyStart: number;
}

export interface FrontmatterResult {
	frontmatter?: Record<string, unknown>;
	frontmatterError?: string;
}

function isFenceLine(content: string, from: number, to: number): boolean {
	if (!content.startsWith("---", from)) return false;
	for (let i = from + 3; i < to; i++) {
		const code = content.charCodeAt(i);
		if (code !== 32 && code !== 9 && code !== 13) return false;
	}
	return true;
}

/** The frontmatter block: a `---` first line (after an optional BOM) up to the next `---` line. */
export function locateFrontmatter(content: string): FrontmatterBlock | null {
	const start = content.charCodeAt(0) === 0xfeff ? 1 : 0;
	const firstEnd = content.indexOf("\n", start);
	if (firstEnd < 0 || !isFenceLine(content, start, firstEnd)) return null;
	const yamlStart = firstEnd + 1;
	for (let pos = yamlStart; pos <= content.length;) {
		const next = content.indexOf("\n", pos);
		const end = next < 0 ? content.length : next;
		if (isFenceLine(content, pos, end)) {
			return { yaml: content.slice(yamlStart, pos), bodyStart: next < 0 ? content.length : next + 1 };
		}
		if (next < 0) return null;
		pos = next + 1;
	}
	return null;
}

const FIX_HINT = "Fix the YAML between the --- lines; the note body is still indexed.";

function describeYamlError(error: YAMLError): string {
	const reason = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
	const at = error.linePos?.[0];
	// The YAML's first line is the file's second line, after the opening ---.
	const where = at ? ` at line ${at.line + 1}, column ${at.col}` : "";
	return `Frontmatter is not valid YAML${where}: ${reason}. ${FIX_HINT}`;
}

function describeDuplicate(key: Node, lineCounter: LineCounter): string {
	const at = key.range ? lineCounter.linePos(key.range[0]) : undefined;
	const where = at ? ` at line ${at.line + 1}, column ${at.col}` : "";
	return `Frontmatter is not valid YAML${where}: Map keys must be unique. ${FIX_HINT}`;
}

function describeShape(value: unknown): string {
	if (Array.isArray(value)) return "a list";
	return `a single ${typeof value} value`;
}

/** Parses the YAML of a frontmatter block. Never throws: problems come back as `frontmatterError`. */
export function parseFrontmatter(yaml: string): FrontmatterResult {
	try {
		const lineCounter = new LineCounter();
		// Keys are checked by `duplicateKey`, in one pass (the library's own check is quadratic).
		const doc = parseDocument(yaml, { logLevel: "error", uniqueKeys: false, lineCounter });
		if (doc.errors.length > 0) return { frontmatterError: describeYamlError(doc.errors[0]) };
		const duplicate = duplicateKey(doc);
		if (duplicate !== null) return { frontmatterError: describeDuplicate(duplicate, lineCounter) };
		if (doc.contents === null) return {};
		const value: unknown = doc.toJS({ maxAliasCount: 100 });
		if (value === null || value === undefined) return {};
		if (!isMap(doc.contents) || typeof value !== "object" || Array.isArray(value)) {
			return {
				frontmatterError: `Frontmatter must be a set of "key: value" properties, but it is ${describeShape(value)}. ${FIX_HINT}`,
			};
		}
		return { frontmatter: value as Record<string, unknown> };
	} catch (error) {
		const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
		return { frontmatterError: `Frontmatter could not be read: ${reason}. ${FIX_HINT}` };
	}
}
