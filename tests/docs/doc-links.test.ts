import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { settingFields } from "../../src/core/model/setting-fields";

const ROOT = resolve(__dirname, "../..");
const markdownIn = (folder: string): string[] =>
	readdirSync(join(ROOT, folder))
		.filter((f) => f.endsWith(".md"))
		.map((f) => `${folder}/${f}`);
const DOCS = [
	"README.md",
	"ARCHITECTURE.md",
	"bench/README.md",
	...markdownIn("docs"),
	...markdownIn("docs/decisions"),
];

/** The text outside fenced blocks and inline code, where a link is a link. */
function prose(text: string): string {
	return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const match of text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.+)$/gm)) {
		const slug = match[1]
			.replace(/`/g, "")
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}_\- ]/gu, "")
			.replace(/ /g, "-");
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}

/** Relative links of a document whose file or heading does not exist. */
function brokenLinks(doc: string): string[] {
	const broken: string[] = [];
	for (const [, target] of prose(readFileSync(join(ROOT, doc), "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
		if (/^[a-z]+:/i.test(target)) continue;
		const [path, anchor] = target.split("#", 2);
		const file = path === "" ? join(ROOT, doc) : resolve(ROOT, dirname(doc), decodeURI(path));
		if (!existsSync(file)) broken.push(`${target}: no file ${relative(ROOT, file)}`);
		else if (anchor !== undefined && file.endsWith(".md") && !anchorsOf(readFileSync(file, "utf8")).has(anchor))
			broken.push(`${target}: no heading #${anchor}`);
	}
	return broken;
}

describe("links between documents", () => {
	it("finds headings the way GitHub names them (a check that finds none cannot fail)", () => {
		expect([...anchorsOf("# Recall\n## 5. Episodes\n## Loading main.js\n## Rank\n## Rank")]).toEqual([
			"recall",
			"5-episodes",
			"loading-mainjs",
			"rank",
			"rank-1",
		]);
	});

	it.each(DOCS)("every relative link in %s reaches its file and heading", (doc) => {
		expect(brokenLinks(doc)).toEqual([]);
	});
});

describe("the manuals name settings that exist", () => {
	const keys = settingFields().map((field) => field.key);
	it.each(["docs/recall.md", "docs/startup.md"])("every setting %s names is in the schemas", (doc) => {
		const named = [
			...readFileSync(join(ROOT, doc), "utf8").matchAll(/`((?:recall|keyword|index|scoring|embeddings)\.[\w.]+)`/g),
		];
		expect(named.length).toBeGreaterThan(doc === "docs/recall.md" ? 20 : -1);
		const unknown = named
			.map((match) => match[1].replace(/\.$/, ""))
			.filter((name) => !keys.some((key) => key === name || key.startsWith(`${name}.`)));
		expect(unknown).toEqual([]);
	});
});
