import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryVault } from "../../helpers/memory-vault";
import {
	frontmatterOf,
	refusal,
	snapshot,
	startEngine,
	stopEngines,
	testSettings,
	writerHarness,
} from "./writer-harness";

afterEach(stopEngines);

const AGENT = (body: string, extra = "") => `---\nmemory_source: mcp\n${extra}---\n${body}\n`;

const NOTES: Record<string, string> = {
	"Memory/Outage.md": AGENT("Checkout was down for an hour."),
	"Memory/Release.md": AGENT("Shipped the new payment form.", 'caused_by: "[[Migration]]"\n'),
	"Memory/Migration.md": AGENT("Renamed a column in the orders table."),
	"Memory/Review.md": AGENT("Reviewed the release.", 'supports:\n  - "[[Release]]"\n'),
	"Projects/Plan.md": "# Plan\n\nShip in May.\n",
	"Journal/Today.md": "Private thoughts.\n",
};

describe("MemoryWriter.link", () => {
	it("adds [[target]] to the source's list for the type, keeping what was there", async () => {
		const h = await writerHarness(NOTES);
		expect(await h.engine.writer.link("Outage", "Release", "caused_by", "the release broke checkout")).toEqual({
			source: "Memory/Outage.md",
			target: "Memory/Release.md",
			type: "caused_by",
			created: true,
			reason: "the release broke checkout",
		});
		expect(h.vault.content("Memory/Outage.md")).toBe(
			'---\nmemory_source: mcp\ncaused_by:\n  - "[[Release]]"\n---\nCheckout was down for an hour.\n',
		);
		expect(h.engine.index.graph.outEdges("Memory/Outage.md").map((e) => [e.type, e.target])).toEqual([
			["caused_by", "Memory/Release.md"],
		]);

		// A single link written as a string becomes a list; an existing list grows.
		await h.engine.writer.link("Memory/Release.md", "[[Plan]]", "caused_by");
		expect(frontmatterOf(h.vault, "Memory/Release.md").caused_by).toEqual(["[[Migration]]", "[[Plan]]"]);
		await h.engine.writer.link("Review", "Outage", "supports");
		expect(frontmatterOf(h.vault, "Memory/Review.md").supports).toEqual(["[[Release]]", "[[Outage]]"]);
		expect(
			h.engine.index.graph
				.outEdges("Memory/Release.md")
				.map((e) => e.target)
				.sort(),
		).toEqual(["Memory/Migration.md", "Projects/Plan.md"]);
	});

	it("reports an edge that already exists without writing", async () => {
		const h = await writerHarness(NOTES);
		const before = snapshot(h.vault);
		expect(await h.engine.writer.link("Release", "Migration", "caused_by")).toEqual({
			source: "Memory/Release.md",
			target: "Memory/Migration.md",
			type: "caused_by",
			created: false,
		});
		expect(snapshot(h.vault)).toEqual(before);
		// Same pair, another type: a new edge.
		expect((await h.engine.writer.link("Release", "Migration", "supports")).created).toBe(true);
	});

	it("records the new link as a use of the target", async () => {
		const h = await writerHarness(NOTES);
		await h.engine.writer.link("Outage", "Migration", "caused_by");
		await vi.waitFor(() => expect(h.engine.activity.get("Memory/Migration.md")?.lastLinked).toBe(h.vault.now));
	});

	it("refuses self-links, bad types, unknown or traversing ids and notes outside the permissions, writing nothing", async () => {
		const h = await writerHarness(
			{
				...NOTES,
				"Memory/Odd.md": AGENT("x", "caused_by: 42\n"),
				"Memory/Broken.md": "---\ncaused_by: [unclosed\n---\nx\n",
			},
			{ mcp: { readFolders: ["Memory", "Projects"] } },
		);
		const before = snapshot(h.vault);
		const cases: [() => Promise<unknown>, string, string][] = [
			[
				() => h.engine.writer.link("Outage", "Memory/Outage.md", "caused_by"),
				"target",
				"a memory cannot link to itself",
			],
			[
				() => h.engine.writer.link("Outage", "Release", "causes"),
				"type",
				'"causes" is not an edge type; use one of caused_by, supports',
			],
			[() => h.engine.writer.link("Outage", "Nowhere", "supports"), "target", 'No memory "Nowhere" (field target)'],
			[() => h.engine.writer.link("../Outage", "Release", "supports"), "source", '".." segment'],
			[() => h.engine.writer.link("Outage", "/etc/passwd", "supports"), "target", "absolute path"],
			[() => h.engine.writer.link("Plan", "Outage", "supports"), "source", "mcp.allowMemoryKeysOnOtherNotes"],
			[
				() => h.engine.writer.link("Outage", "Journal/Today.md", "supports"),
				"target",
				'No memory "Journal/Today.md" (field target)',
			],
			[() => h.engine.writer.link("Odd", "Outage", "caused_by"), "source", "holds something other than links"],
			[() => h.engine.writer.link("Broken", "Outage", "caused_by"), "source", "not valid YAML"],
			[() => h.engine.writer.link("Outage", "Release", "supports", 12 as never), "reason", "reason must be a string"],
		];
		for (const [call, field, message] of cases) {
			const error = await refusal(call);
			expect(error.field, message).toBe(field);
			expect(error.message).toContain(message);
		}
		expect(snapshot(h.vault)).toEqual(before);
	});

	it("links from the user's own notes only when memory keys on other notes are allowed", async () => {
		const h = await writerHarness(NOTES, { mcp: { allowMemoryKeysOnOtherNotes: true } });
		await h.engine.writer.link("Plan", "Outage", "derived_from");
		expect(h.vault.content("Projects/Plan.md")).toBe(
			'---\nderived_from:\n  - "[[Outage]]"\n---\n# Plan\n\nShip in May.\n',
		);
	});

	it("writes the full path when the bare name would resolve elsewhere", async () => {
		const h = await writerHarness({ ...NOTES, "Memory/Plan.md": AGENT("Another plan.") });
		await h.engine.writer.link("Outage", "Projects/Plan.md", "caused_by");
		expect(frontmatterOf(h.vault, "Memory/Outage.md").caused_by).toEqual(["[[Projects/Plan]]"]);
		expect(h.engine.index.graph.outEdges("Memory/Outage.md").map((e) => e.target)).toEqual(["Projects/Plan.md"]);
	});
});

describe("MemoryWriter.pin and unpin", () => {
	it("writes memory_pinned, and maintenance makes the memory core, then active again", async () => {
		const h = await writerHarness(NOTES);
		const path = "Memory/Outage.md";
		const mtime = (await h.vault.stat(path))?.mtime;
		h.vault.now += 60_000;
		expect(await h.engine.writer.pin("Outage")).toEqual({ nodeId: path, pinned: true, status: "core" });
		expect(frontmatterOf(h.vault, path).memory_pinned).toBe(true);
		const node = h.engine.index.graph.node(path);
		expect(node?.memory.pinned).toBe(true);
		expect((await h.vault.stat(path))?.mtime).toBeGreaterThan(mtime ?? Infinity);
		// Pinning is not an edit: the note keeps its modified time for scoring.
		expect(node && h.engine.maintenance.modifiedOf(path, node)).toBe(mtime);
		await vi.waitFor(() => expect(h.engine.maintenance.statusOf(path)).toBe("core"));

		const writes = h.vault.frontmatterWrites;
		expect(await h.engine.writer.pin(path)).toEqual({ nodeId: path, pinned: true, status: "core" });
		expect(h.vault.frontmatterWrites).toBe(writes);

		expect(await h.engine.writer.unpin(path)).toEqual({ nodeId: path, pinned: false, status: "active" });
		expect(frontmatterOf(h.vault, path).memory_pinned).toBeUndefined();
		await vi.waitFor(() => expect(h.engine.maintenance.statusOf(path)).toBe("active"));
	});

	it("pins the user's notes only when memory keys on other notes are allowed", async () => {
		const h = await writerHarness(NOTES);
		const before = snapshot(h.vault);
		const error = await refusal(() => h.engine.writer.pin("Plan"));
		expect(error.field).toBe("node_id");
		expect(error.message).toContain("turn on the setting mcp.allowMemoryKeysOnOtherNotes");
		expect((await refusal(() => h.engine.writer.unpin("Memory/../Journal/Today.md"))).message).toContain(
			'".." segment',
		);
		expect(snapshot(h.vault)).toEqual(before);

		h.settings.mcp.allowMemoryKeysOnOtherNotes = true;
		expect((await h.engine.writer.pin("Plan")).pinned).toBe(true);
		expect(h.vault.content("Projects/Plan.md")).toBe("---\nmemory_pinned: true\n---\n# Plan\n\nShip in May.\n");
	});
});

describe("MemoryWriter.delete", () => {
	it("moves a memory created through MCP to the trash and out of the index", async () => {
		const h = await writerHarness(NOTES);
		expect(await h.engine.writer.delete("[[Migration]]")).toEqual({
			nodeId: "Memory/Migration.md",
			deleted: true,
			trashedTo: "trash",
			orphaned: [],
			orphanedCount: 0,
			impact: "Removing this leaves no other memory without a supporting link.",
		});
		expect(h.vault.content("Memory/Migration.md")).toBeUndefined();
		expect(h.engine.index.graph.hasNote("Memory/Migration.md")).toBe(false);
		expect(h.engine.search("column orders")).toEqual([]);
		expect(h.engine.index.graph.dangling()).toEqual([
			{ source: "Memory/Release.md", linkpath: "Migration", type: "caused_by" },
		]);
	});

	it("refuses the user's notes, even in the memory folder, and anything outside the write folders", async () => {
		const h = await writerHarness({
			...NOTES,
			"Memory/Mine.md": "I wrote this myself.\n",
			"Projects/Agent.md": AGENT("Stored, then moved."),
		});
		const before = snapshot(h.vault);
		const mine = await refusal(() => h.engine.writer.delete("Mine"));
		expect(mine.message).toBe(
			'"Memory/Mine.md" was written by you, not created through MCP; Causal Memory never deletes your notes. Unpin or let it fade instead.',
		);
		expect(mine.field).toBe("node_id");
		expect((await refusal(() => h.engine.writer.delete("Projects/Agent.md"))).message).toContain(
			"outside the folders MCP clients may write",
		);
		expect((await refusal(() => h.engine.writer.delete("Plan"))).message).toContain(
			"outside the folders MCP clients may write",
		);
		expect((await refusal(() => h.engine.writer.delete("../../etc/passwd"))).message).toContain('".." segment');
		expect((await refusal(() => h.engine.writer.delete("Nowhere"))).message).toContain('No memory "Nowhere"');
		expect(snapshot(h.vault)).toEqual(before);
	});
});

describe("MemoryWriter.setCorePreferences", () => {
	it("validates the lists with the scoring schema and saves them, keeping lists left out", async () => {
		const h = await writerHarness({}, { scoring: { core: { excludedCategories: ["chitchat"] } } });
		expect(
			await h.engine.writer.setCorePreferences({
				auto: [" preference ", "preference", "decision"],
				approval: ["fact"],
			}),
		).toEqual({
			auto: ["preference", "decision"],
			approval: ["fact"],
			excluded: ["chitchat"],
		});
		expect(h.saved).toHaveLength(1);
		expect(h.saved[0].scoring.core).toMatchObject({
			autoCategories: ["preference", "decision"],
			approvalCategories: ["fact"],
			excludedCategories: ["chitchat"],
		});
		expect(h.saved[0].scoring.core.promotionThreshold).toBe(h.settings.scoring.core.promotionThreshold);
	});

	it("refuses a category in two lists, bad lists and hosts that cannot save, saving nothing", async () => {
		const h = await writerHarness({}, { scoring: { core: { autoCategories: ["preference"] } } });
		const twice = await refusal(() => h.engine.writer.setCorePreferences({ excluded: ["preference"] }));
		expect(twice.field).toBe("excluded");
		expect(twice.message).toBe("Core preferences not saved: excluded must not repeat categories of auto (preference).");
		expect((await refusal(() => h.engine.writer.setCorePreferences({ auto: "preference" as never }))).field).toBe(
			"auto",
		);
		expect((await refusal(() => h.engine.writer.setCorePreferences({ approval: [""] }))).message).toBe(
			"approval must not contain an empty category name.",
		);
		expect(h.saved).toEqual([]);

		const { engine } = await startEngine(new MemoryVault({}), testSettings(), { saveSettings: false });
		expect((await refusal(() => engine.writer.setCorePreferences({ auto: ["x"] }))).message).toContain(
			"This host cannot save settings",
		);
	});
});
