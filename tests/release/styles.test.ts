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

describe("styles.css", () => {
	it("finds class names in selectors, not in comments or declarations", () => {
		expect(selectedClasses("/* .old */ .a .b-c:hover, div.d { width: 1.5em; } @media (x) { .e { } }")).toEqual(["a", "b-c", "d", "e"]);
	});

	it("styles only classes the plugin's source sets (written out whole, so a search finds them)", () => {
		const source = sourceText("src");
		const unused = selectedClasses(readFileSync("styles.css", "utf8")).filter((name) => !source.includes(name));
		expect(unused).toEqual([]);
	});
});
