import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const DOCS = [
	"ARCHITECTURE.md",
	"README.md",
	...readdirSync(join(ROOT, "docs"))
		.filter((f) => f.endsWith(".md"))
		.map((f) => `docs/${f}`),
];

/** Repository paths a document names in backticks, e.g. `src/engine/memory-engine.ts`. */
function namedPaths(doc: string): string[] {
	const text = readFileSync(join(ROOT, doc), "utf8");
	const paths = [...text.matchAll(/`((?:src|tests|bench|docs|scripts|tools)\/[\w./-]+)`/g)].map((match) => match[1]);
	return [...new Set(paths)].filter((path) => !path.includes("*"));
}

describe("documents name files that exist", () => {
	it("ARCHITECTURE.md names real files (a check that finds none cannot fail)", () => {
		expect(namedPaths("ARCHITECTURE.md").length).toBeGreaterThan(50);
	});

	it.each(DOCS)("every path %s names exists", (doc) => {
		expect(namedPaths(doc).filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
	});
});
