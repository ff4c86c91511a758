import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sourceText(folder: string): string {
	return readdirSync(folder, { recursive: true, encoding: "utf8" })
		.filter((file) => file.endsWith(".ts"))
		.map((file) => readFileSync(join(folder, file), "utf8"))
		.join("\n");
}

/** Class names the stylesheet selects, comments left out. */
function selectedClasses(css: string): string[] {
	const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
	const selectors = withoutComments.replace(/\{[^{}]*\}/g, " ");
	return [...new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]))];
}

/** Classes Obsidian's own elements carry, which the stylesheet may select to style what is inside ours. */
const OBSIDIAN_CLASSES = new Set(["setting-item-name", "search-input-container"]);

describe("styles.css", () => {
	it("finds class names in selectors, not in comments or declarations", () => {
		expect(selectedClasses("/* .old */ .a .b-c:hover, div.d { width: 1.5em; } @media (x) { .e { } }")).toEqual([
			"a",
			"b-c",
			"d",
			"e",
		]);
	});

	it("styles only classes the plugin's source sets, or Obsidian's own", () => {
		const source = sourceText("src");
		// Classes named from a value (`cmv-status-${status}`): the prefix with "${" stands in the source.
		const builtFromPrefix = (name: string): boolean =>
			[...name.matchAll(/-/g)].some((dash) => source.includes(`${name.slice(0, (dash.index ?? 0) + 1)}\${`));
		const unused = selectedClasses(readFileSync("styles.css", "utf8")).filter(
			(name) => !source.includes(name) && !builtFromPrefix(name) && !OBSIDIAN_CLASSES.has(name),
		);
		expect(unused).toEqual([]);
	});

	it("sees a stale rule (a check that passes everything cannot fail)", () => {
		expect(selectedClasses(".causal-memory-gone { }").filter((name) => !sourceText("src").includes(name))).toEqual([
			"causal-memory-gone",
		]);
	});
});
