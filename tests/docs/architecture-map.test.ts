import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const MAP = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");

/** Every folder under src/, as `src/a/b`. */
function folders(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.flatMap((entry) => {
			const path = join(dir, entry.name);
			return [relative(ROOT, path).split("\\").join("/"), ...folders(path)];
		});
}

/** The recipes: each `### ` section under `## Recipes`, by title. */
function recipes(): Map<string, string> {
	const section = MAP.split(/^## Recipes$/m)[1]?.split(/^## /m)[0] ?? "";
	const found = new Map<string, string>();
	for (const part of section.split(/^### /m).slice(1)) {
		const newline = part.indexOf("\n");
		found.set(part.slice(0, newline).trim(), part.slice(newline));
	}
	return found;
}

/** Repository files a recipe names in backticks. */
function namedFiles(text: string): string[] {
	const paths = [...text.matchAll(/`((?:src|tests|docs|scripts)\/[\w./-]+\.\w+|README\.md)`/g)].map((m) => m[1]);
	return [...new Set(paths)];
}

describe("ARCHITECTURE.md is a map of the code", () => {
	it.each(folders(join(ROOT, "src")))("names the folder %s", (folder) => {
		expect(MAP).toContain(`\`${folder}\``);
	});

	it("has the recipes a new contributor asks for", () => {
		expect([...recipes().keys()]).toEqual(
			expect.arrayContaining(["Add an MCP tool", "Add an edge type", "Add a setting", "Add a decay model"]),
		);
	});

	it.each([...recipes()])("recipe %s names at least 3 files, all of which exist", (_, text) => {
		const files = namedFiles(text);
		expect(files.length).toBeGreaterThanOrEqual(3);
		expect(files.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
	});
});
