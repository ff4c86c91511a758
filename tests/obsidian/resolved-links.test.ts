import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { VaultIndex } from "../../src/engine/index/vault-index";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { App } from "../fakes/obsidian";
import { sharedPath } from "../helpers/shared";
import { makeVaultDir, removeVaultDirs } from "./fake-app";
import type { App as ObsidianApp } from "obsidian";

afterEach(removeVaultDirs);

/**
 * The graph built through ObsidianVault must link exactly the notes the app's own
 * `resolvedLinks` links (self-links and attachments aside): same sources, same targets.
 */
async function compareWithResolvedLinks(root: string): Promise<{ sources: number; edges: number }> {
	const app = new App(root);
	const vault = new ObsidianVault(app as unknown as ObsidianApp);
	const index = new VaultIndex(vault, { settings: { excludedFolders: [app.vault.configDir] } });
	await index.build();
	const fromGraph: Record<string, string[]> = {};
	const fromApp: Record<string, string[]> = {};
	for (const [source, targets] of Object.entries(vault.resolvedLinks())) {
		if (!index.includes(source)) continue;
		fromApp[source] = Object.keys(targets)
			.filter((target) => target !== source && index.includes(target))
			.sort();
		fromGraph[source] = [...new Set(index.graph.outEdges(source).map((edge) => edge.target))].sort();
	}
	expect(Object.keys(fromGraph).sort()).toEqual(index.graph.notePaths().sort());
	expect(fromGraph).toEqual(fromApp);
	return {
		sources: Object.keys(fromApp).length,
		edges: Object.values(fromApp).reduce((sum, targets) => sum + targets.length, 0),
	};
}

describe("graph edges against metadataCache.resolvedLinks", () => {
	it("agree on a vault with every kind of link", async () => {
		const root = makeVaultDir({
			"A.md":
				"---\ncaused_by: ['[[B]]']\nsee: '[[Sub/C]]'\n---\n[[B]] ![[C]] [[Missing]] [[#Own heading]] [[A]]\nsupports:: [[D]]\n",
			"B.md": "[[a]] and [x](Sub/C.md)\n",
			"Sub/C.md": "![[img.png]] [[B#^block]]\n",
			"D.md": "",
			"Other/C.md": "[[C]]",
			"img.png": "",
		});
		const { sources, edges } = await compareWithResolvedLinks(root);
		expect(sources).toBe(5);
		expect(edges).toBe(6);
	});

	const examples = fileURLToPath(new URL("../../examples/vault", import.meta.url));
	const hasExamples = existsSync(examples) && readdirSync(examples).length > 0;
	it.skipIf(!hasExamples)("agree on examples/vault", async () => {
		const { edges } = await compareWithResolvedLinks(examples);
		expect(edges).toBeGreaterThan(0);
	});

	const corpus = sharedPath("corpora", "kepano-obsidian");
	it.skipIf(!corpus.found)("agree on a real public vault (kepano-obsidian)", async () => {
		const { sources, edges } = await compareWithResolvedLinks(corpus.path);
		expect(sources).toBeGreaterThan(50);
		expect(edges).toBeGreaterThan(50);
	});
});
