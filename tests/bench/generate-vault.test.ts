import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateVault, type GeneratedVaultStats } from "../../bench/generate-vault";

const NOTES = 300;
let root: string;
let stats: GeneratedVaultStats;
let files: Map<string, string>;

async function readVault(dir: string): Promise<Map<string, string>> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	const result = new Map<string, string>();
	for (const entry of entries.filter((e) => e.isFile())) {
		const absolute = join(entry.parentPath, entry.name);
		result.set(
			absolute
				.slice(dir.length + 1)
				.split("\\")
				.join("/"),
			await readFile(absolute, "utf8"),
		);
	}
	return result;
}

function hashes(vault: Map<string, string>): Map<string, string> {
	return new Map([...vault].map(([path, text]) => [path, createHash("sha256").update(text).digest("hex")]));
}

/** Resolves a link target the way Obsidian does for these vaults: a path, or a name (closest folder first). */
function resolve(link: string, source: string, paths: string[]): string | undefined {
	const target = decodeURIComponent(link.split("|")[0].split("#")[0]).replace(/\.md$/, "");
	if (target === "") return undefined;
	if (target.includes("/")) return paths.find((path) => path === `${target}.md`);
	const named = paths.filter((path) => posix.basename(path, ".md") === target);
	return named.find((path) => posix.dirname(path) === posix.dirname(source)) ?? named[0];
}

function linksIn(text: string): string[] {
	const wikilinks = [...text.matchAll(/\[\[([^\]]+)\]\]/g)].map((match) => match[1]);
	const markdown = [...text.matchAll(/\]\(([^)]+\.md)\)/g)].map((match) => match[1]);
	return [...wikilinks, ...markdown].filter((link) => !link.startsWith("#"));
}

beforeAll(async () => {
	root = await mkdtemp(join(tmpdir(), "generate-vault-"));
	stats = await generateVault({ notes: NOTES, seed: 7, dir: join(root, "a") });
	files = await readVault(join(root, "a"));
});

afterAll(async () => {
	await rm(root, { recursive: true, force: true });
});

describe("generateVault", () => {
	it("writes exactly the requested number of notes, all markdown", () => {
		expect(files.size).toBe(NOTES);
		expect([...files.keys()].every((path) => path.endsWith(".md"))).toBe(true);
		expect(stats.notes).toBe(NOTES);
	});

	it("writes the same bytes for the same seed and different bytes for another seed", async () => {
		await generateVault({ notes: NOTES, seed: 7, dir: join(root, "b") });
		await generateVault({ notes: NOTES, seed: 8, dir: join(root, "c") });
		expect(hashes(await readVault(join(root, "b")))).toEqual(hashes(files));
		expect(hashes(await readVault(join(root, "c")))).not.toEqual(hashes(files));
	});

	it("reports the links that are really in the files: every link resolves except the dangling ones", () => {
		const paths = [...files.keys()];
		let resolved = 0;
		let dangling = 0;
		for (const [path, text] of files) {
			for (const link of linksIn(text)) {
				if (resolve(link, path, paths) === undefined) dangling++;
				else resolved++;
			}
		}
		expect(dangling).toBe(stats.danglingLinks);
		expect(dangling).toBeGreaterThan(0);
		expect(resolved).toBe(stats.links);
	});

	it("has a heavy-tailed in-degree: a hub far above the median note", () => {
		const paths = [...files.keys()];
		const inDegree = new Map(paths.map((path) => [path, 0]));
		for (const [path, text] of files) {
			for (const link of linksIn(text)) {
				const target = resolve(link, path, paths);
				if (target !== undefined) inDegree.set(target, (inDegree.get(target) ?? 0) + 1);
			}
		}
		const degrees = [...inDegree.values()].sort((a, b) => a - b);
		const median = degrees[Math.floor(degrees.length / 2)];
		const max = degrees[degrees.length - 1];
		expect(max).toBe(stats.maxInDegree);
		expect(max).toBeGreaterThanOrEqual(20);
		expect(max).toBeGreaterThanOrEqual(10 * Math.max(1, median));
	});

	it("gives about a fifth of the notes typed frontmatter links as quoted wikilink lists", () => {
		const typedKey = /^(caused_by|supports|derived_from|contradicts|supersedes):(\s*\[\s*"\[\[|\s*\n {2}- "\[\[)/m;
		const typed = [...files.values()].filter((text) => typedKey.test(text));
		expect(typed.length).toBeGreaterThan(NOTES * 0.1);
		expect(typed.length).toBeLessThan(NOTES * 0.35);
		const keys = new Set(
			typed.flatMap((text) =>
				[...text.matchAll(/^(caused_by|supports|derived_from|contradicts|supersedes):/gm)].map((m) => m[1]),
			),
		);
		expect([...keys].sort()).toEqual(["caused_by", "contradicts", "derived_from", "supersedes", "supports"]);
	});

	it("reuses some note names in different folders", () => {
		const names = [...files.keys()].map((path) => posix.basename(path));
		const shared = names.filter((name) => names.indexOf(name) !== names.lastIndexOf(name));
		expect(shared.length).toBeGreaterThanOrEqual(2);
		expect(stats.duplicateNames).toBe(shared.length);
	});

	it("refuses to write into a folder that is not empty", async () => {
		const dir = join(root, "busy");
		await generateVault({ notes: 1, seed: 1, dir });
		await writeFile(join(dir, "mine.md"), "my own note");
		await expect(generateVault({ notes: 5, seed: 1, dir })).rejects.toThrow(/not empty/);
		expect(await readFile(join(dir, "mine.md"), "utf8")).toBe("my own note");
	});
});
