import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { VaultPort } from "../../src/core/model/vault";
import { VaultIndex } from "../../src/engine/index/vault-index";
import { FsVault } from "../../src/node/fs/fs-vault";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { fakeApp, makeVaultDir, removeVaultDirs } from "./fake-app";

afterEach(removeVaultDirs);

/*
 * `[[Plan]]` from Memory/A.md: Obsidian picks the shortest path among same-named notes, which is
 * Archive/Plan.md — a folder excluded from memory. The link must make no edge, and must not land
 * on Projects/Sub/Plan.md instead (issue 16.1).
 */
const FILES: Record<string, string> = {
	"Memory/A.md": "# A\n\nSee [[Plan]] and [[Missing]].\n",
	"Archive/Plan.md": "# Old plan\n",
	"Projects/Sub/Plan.md": "# Current plan\n",
};

interface Adapter {
	name: string;
	open: () => { vault: VaultPort; remove: (path: string) => Promise<void> };
}

const adapters: Adapter[] = [
	{
		name: "headless (FsVault)",
		open: () => {
			const dir = makeVaultDir(FILES);
			return { vault: new FsVault(dir), remove: (path) => rm(join(dir, path)) };
		},
	},
	{
		name: "Obsidian (metadata cache)",
		open: () => {
			const { app, obsidianApp } = fakeApp(FILES);
			return {
				vault: new ObsidianVault(obsidianApp),
				remove: async (path) => {
					const file = app.vault.getFileByPath(path);
					if (file) await app.fileManager.trashFile(file);
				},
			};
		},
	},
];

describe.each(adapters)("links to a same-named note in an excluded folder, $name", ({ open }) => {
	it("make no edge while the excluded note exists, and resolve to the other note once it is gone", async () => {
		const { vault, remove } = open();
		const index = new VaultIndex(vault, { settings: { excludedFolders: ["Archive"] } });
		await index.build();
		const graph = index.graph;
		expect(graph.hasNote("Archive/Plan.md")).toBe(false);
		expect(graph.resolve("Plan", "Memory/A.md")).toBe("Archive/Plan.md");
		expect(graph.outEdges("Memory/A.md")).toEqual([]);
		expect(graph.dangling().map((d) => d.linkpath)).toEqual(["Missing"]);

		await remove("Archive/Plan.md");
		await index.apply({ type: "delete", path: "Archive/Plan.md" });
		expect(graph.outEdges("Memory/A.md").map((e) => e.target)).toEqual(["Projects/Sub/Plan.md"]);
	});
});
