import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FsVault } from "../../../src/node/fs/fs-vault";
import { REPO_ROOT } from "../../helpers/serve-process";
import { startEngine, stopEngines, testSettings, writerHarness } from "./writer-harness";

const DECISION = "Decisions/Use CRDTs for note merging.md";
const dirs: string[] = [];

afterEach(async () => {
	await stopEngines();
	await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("a note the writer creates never changes what an existing link resolves to", () => {
	it("amending a decision of the example vault on disk keeps its incoming links on it", async () => {
		const dir = await mkdtemp(join(tmpdir(), "cm-names-"));
		dirs.push(dir);
		await cp(join(REPO_ROOT, "examples", "vault"), dir, { recursive: true });
		const { engine } = await startEngine(new FsVault(dir), testSettings(), { follow: false });
		const graph = () => engine.index.graph;
		const linkers = graph()
			.inEdges(DECISION)
			.map((edge) => edge.source)
			.sort();
		expect(linkers.length).toBeGreaterThanOrEqual(6);

		const amended = await engine.writer.amend(
			DECISION,
			"We merge notes with CRDTs, Automerge chosen after the comparison.",
		);
		expect(amended.nodeId).toBe("Memory/Use CRDTs for note merging (v2).md");
		for (const source of linkers) expect(graph().resolve("Use CRDTs for note merging", source)).toBe(DECISION);
		expect(
			graph()
				.inEdges(DECISION)
				.map((edge) => edge.source)
				.filter((source) => source !== amended.nodeId)
				.sort(),
		).toEqual(linkers);
	});

	it("skips names of notes in excluded folders and names that links already use", async () => {
		const h = await writerHarness(
			{
				"Templates/Weekly review.md": "A template.",
				"Journal/Today.md": "Remember [[Deploy checklist]] and [[Ideas/Naming rules]].",
				"Garden.md": "Tomatoes need water.",
			},
			{ index: { excludedFolders: ["Templates"] } },
		);
		const store = (title: string, content: string) =>
			h.engine.writer.store({ content, title }).then((result) => result.nodeId);
		expect(await store("Weekly review", "Reviews happen on Fridays.")).toBe("Memory/Weekly review 2.md");
		expect(await store("Deploy checklist", "Run the smoke tests before a deploy.")).toBe(
			"Memory/Deploy checklist 2.md",
		);
		expect(await store("naming rules", "Notes are named after their subject.")).toBe("Memory/naming rules 2.md");
		expect(await store("Garden plan", "Beans along the fence.")).toBe("Memory/Garden plan.md");
		expect(
			h.engine.index.graph
				.dangling()
				.map((link) => link.linkpath)
				.sort(),
		).toEqual(["Deploy checklist", "Ideas/Naming rules"]);
	});

	it("follows excluded notes as they come and go", async () => {
		const h = await writerHarness({ "Garden.md": "Tomatoes need water." }, { index: { excludedFolders: ["Archive"] } });
		h.vault.write("Archive/Old plan.md", "Old.");
		await h.engine.index.idle();
		expect((await h.engine.writer.store({ content: "A new plan.", title: "Old plan" })).nodeId).toBe(
			"Memory/Old plan 2.md",
		);
		h.vault.rename("Archive/Old plan.md", "Archive/Older plan.md");
		await h.engine.index.idle();
		expect((await h.engine.writer.store({ content: "Another plan.", title: "Older plan" })).nodeId).toBe(
			"Memory/Older plan 2.md",
		);
		expect((await h.engine.writer.store({ content: "A plan again.", title: "Old plan" })).nodeId).toBe(
			"Memory/Old plan.md",
		);
		h.vault.delete("Archive/Older plan.md");
		await h.engine.index.idle();
		expect((await h.engine.writer.store({ content: "A third plan.", title: "Older plan" })).nodeId).toBe(
			"Memory/Older plan.md",
		);
	});
});
