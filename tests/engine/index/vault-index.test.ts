import { describe, expect, it } from "vitest";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { MemoryVault } from "../../helpers/memory-vault";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../../fakes/obsidian/vault";

describe("VaultIndex", () => {
	it("indexes notes with emoji, CJK and spaces in their names, and leaves out hidden and excluded folders", async () => {
		const vault = new MemoryVault({
			"🚀 Launch plan.md": "[[会議メモ]] and [[Space name]]",
			"会議メモ.md": "",
			"Space name.md": "",
			[`${CONFIG_DIR}/plugins/x.md`]: "",
			".trash/Old.md": "",
			"Templates/Daily.md": "[[Space name]]",
			"attachment.png": "",
		});
		const index = new VaultIndex(vault, { settings: { excludedFolders: ["Templates"] } });
		const report = await index.build();
		expect(index.graph.notePaths().sort()).toEqual(["Space name.md", "会議メモ.md", "🚀 Launch plan.md"].sort());
		expect(report).toMatchObject({ notes: 3, edges: 2, skipped: 0, warnings: [] });
	});

	it("skips binary and oversized notes with a clear warning, and indexes invalid frontmatter without its properties", async () => {
		const vault = new MemoryVault({
			"Binary.md": "PK\u0003\u0004\u0000\u0000garbage",
			"Huge.md": "x".repeat(2048),
			"Broken yaml.md": "---\ncaused_by: [[[unclosed\n  - : :\n---\nBody links to [[Fine]]\n",
			"Latin1.md": "caf\uFFFD au lait [[Fine]]",
			"Fine.md": "",
		});
		const index = new VaultIndex(vault, { settings: { maxNoteBytes: 1024 } });
		const report = await index.build();
		expect(index.graph.notePaths().sort()).toEqual(["Broken yaml.md", "Fine.md", "Latin1.md"]);
		const byPath = Object.fromEntries(report.warnings.map((w) => [w.path, w]));
		expect(byPath["Binary.md"]).toMatchObject({ skipped: true, message: expect.stringContaining("binary") as string });
		expect(byPath["Huge.md"]).toMatchObject({
			skipped: true,
			message: expect.stringContaining("maxNoteBytes") as string,
		});
		expect(byPath["Broken yaml.md"]).toMatchObject({
			skipped: false,
			message: expect.stringContaining("not valid YAML") as string,
		});
		expect(byPath["Latin1.md"]).toMatchObject({ skipped: false, message: expect.stringContaining("UTF-8") as string });
		expect(index.graph.outEdges("Broken yaml.md").map((e) => e.target)).toEqual(["Fine.md"]);
		expect(report.skipped).toBe(2);
	});

	it("rejects invalid settings with a message naming the field", () => {
		expect(() => new VaultIndex(new MemoryVault(), { settings: { edgeKeys: { up: "parent" as never } } })).toThrow(
			/edgeKeys\.up/,
		);
		expect(() => new VaultIndex(new MemoryVault(), { settings: { maxNoteBytes: -1 } })).toThrow(/maxNoteBytes/);
	});

	it("drops a note from the graph when it becomes unreadable and brings it back when it is fixed", async () => {
		const vault = new MemoryVault({ "A.md": "[[B]]", "B.md": "" });
		const index = new VaultIndex(vault);
		await index.build();
		await index.apply(vault.write("B.md", "\u0000\u0000"));
		expect(index.graph.hasNote("B.md")).toBe(false);
		expect(index.warnings().map((w) => w.path)).toEqual(["B.md"]);
		await index.apply(vault.write("B.md", "fixed"));
		expect(index.graph.outEdges("A.md").map((e) => e.target)).toEqual(["B.md"]);
		expect(index.warnings()).toEqual([]);
	});
});
