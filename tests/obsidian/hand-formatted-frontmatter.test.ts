import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { VaultPort } from "../../src/core/model/vault";
import { FsVault } from "../../src/node/fs/fs-vault";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { fakeApp, removeVaultDirs } from "./fake-app";

/** Frontmatter as people write it by hand; each is written with memory_status added, changed or removed. */
const CORPUS: Record<string, { text: string; patch: Record<string, unknown>; expected: string }> = {
	"Comments.md": {
		text: "---\n# my own notes\ntitle: Trip   # keep this comment\n\n# tags below\ntags: [travel, 'to do']\n---\nBody line\n",
		patch: { memory_status: "fading" },
		expected:
			"---\n# my own notes\ntitle: Trip   # keep this comment\n\n# tags below\ntags: [travel, 'to do']\nmemory_status: fading\n---\nBody line\n",
	},
	"Quoted.md": {
		text: "---\ntitle: \"Quoted: with colon\"\nalias: 'single'\nmemory_status: 'dormant'\n---\n\nText.",
		patch: { memory_status: "fading" },
		expected: "---\ntitle: \"Quoted: with colon\"\nalias: 'single'\nmemory_status: 'fading'\n---\n\nText.",
	},
	"Odd indentation.md": {
		text: "---\nlist:\n    -   one\n    -   two\nnested:\n      deep:   value\nmemory_status: pruned\nafter: kept\n---\nBody\n",
		patch: { memory_status: undefined },
		expected: "---\nlist:\n    -   one\n    -   two\nnested:\n      deep:   value\nafter: kept\n---\nBody\n",
	},
	"Windows.md": {
		text: "---\r\ntitle: CRLF note\r\ncreated: 2024-01-02\r\n---\r\nLine one\r\nLine two\r\n",
		patch: { memory_status: "dormant" },
		expected:
			"---\r\ntitle: CRLF note\r\ncreated: 2024-01-02\r\nmemory_status: dormant\r\n---\r\nLine one\r\nLine two\r\n",
	},
	"Bom.md": {
		text: "\uFEFF---\nflow: {a: 1, b: [x, y]}\nmultiline: |\n  kept\n  as is\n---\nBody after a BOM\n",
		patch: { memory_status: "core" },
		expected:
			"\uFEFF---\nflow: {a: 1, b: [x, y]}\nmultiline: |\n  kept\n  as is\nmemory_status: core\n---\nBody after a BOM\n",
	},
	"Pinned flow list.md": {
		text: '---\nrelated_to: ["[[A]]", "[[B]]"]   # links\nmemory_pinned: true\n---\nx\n',
		patch: { memory_pinned: undefined },
		expected: '---\nrelated_to: ["[[A]]", "[[B]]"]   # links\n---\nx\n',
	},
};

const roots: string[] = [];
afterEach(async () => {
	for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
	await removeVaultDirs();
});

function files(): Record<string, string> {
	return Object.fromEntries(Object.entries(CORPUS).map(([path, entry]) => [`Memory/${path}`, entry.text]));
}

function fsAdapter(): { vault: VaultPort; read: (path: string) => string } {
	const root = mkdtempSync(join(tmpdir(), "cm-yaml-"));
	roots.push(root);
	for (const [path, text] of Object.entries(files())) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), text);
	}
	return { vault: new FsVault(root), read: (path) => readFileSync(join(root, path), "utf8") };
}

function obsidianAdapter(): { vault: VaultPort; read: (path: string) => string } {
	const { obsidianApp, dir } = fakeApp(files());
	return { vault: new ObsidianVault(obsidianApp), read: (path) => readFileSync(join(dir, path), "utf8") };
}

describe.each([
	["the file system vault (headless)", fsAdapter],
	["the Obsidian vault (vault.process)", obsidianAdapter],
])("hand-formatted frontmatter through %s (issue 16.2)", (_name, adapter) => {
	it.each(Object.keys(CORPUS))("%s: only our key changes, every other byte stays", async (name) => {
		const { vault, read } = adapter();
		const entry = CORPUS[name];
		if (!entry) throw new Error(name);
		await vault.writeFrontmatter(`Memory/${name}`, entry.patch);
		expect(read(`Memory/${name}`)).toBe(entry.expected);
	});
});
