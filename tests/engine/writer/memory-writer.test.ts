import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EDGE_TYPES } from "../../../src/core/model/edge-types";
import { MAX_CONTENT_BYTES } from "../../../src/engine/writer/memory-write-input";
import { bagOfWordsEmbedder } from "../../helpers/bag-of-words-embedder";
import { frontmatterOf, refusal, snapshot, stopEngines, writerHarness } from "./writer-harness";

afterEach(stopEngines);

const BILLING = "The nightly billing export job exhausts the Postgres connection pool.";

/** Notes that share most of their words with BILLING, each a little differently. */
const BILLING_NOTES: Record<string, string> = {
	"Ops/Billing export.md": "The nightly billing export job opens too many Postgres connections and exhausts the pool.",
	"Ops/Pool sizing.md": "Postgres connection pool sizing for the nightly billing export job.",
	"Ops/Export retries.md": "Retries of the nightly billing export job hold Postgres connections from the pool.",
	"Ops/Pool alerts.md": "Alert when the nightly billing export job exhausts the Postgres connection pool again.",
};

const UNRELATED: Record<string, string> = {
	"Garden.md": "Tomatoes need more water in July.",
	"Books.md": "Reading list: a novel about sailing.",
	"Lunch.md": "Noodles on Tuesday at the corner place.",
};

describe("MemoryWriter.store", () => {
	it("creates the note in the memory folder with its frontmatter and content, byte for byte", async () => {
		const h = await writerHarness({
			...UNRELATED,
			"Decisions/Use Postgres.md": "We chose Postgres.",
			"Plan.md": "The plan.",
		});
		const result = await h.engine.writer.store({
			content: "Deploys happen on Tuesdays after the standup.",
			title: "Deploy day",
			category: "process",
			sourceSession: "session-42",
			related: [
				{ id: "Use Postgres", type: "caused_by" },
				{ id: "[[Plan]]", type: "supports" },
			],
			relatedTo: ["Garden.md"],
		});
		expect(result).toEqual({ nodeId: "Memory/Deploy day.md", status: "stored", possibleConflicts: [], autoLinks: [] });
		expect(h.vault.content("Memory/Deploy day.md")).toBe(
			[
				"---",
				"memory_source: mcp",
				"memory_created: 2024-07-02T09:14:05.000Z",
				"memory_category: process",
				"memory_session: session-42",
				"caused_by:",
				'  - "[[Use Postgres]]"',
				"supports:",
				'  - "[[Plan]]"',
				"related_to:",
				'  - "[[Garden]]"',
				"---",
				"Deploys happen on Tuesdays after the standup.",
				"",
			].join("\n"),
		);
		const edges = h.engine.index.graph.outEdges("Memory/Deploy day.md").map((e) => `${e.type} ${e.target}`);
		expect(edges.sort()).toEqual(["caused_by Decisions/Use Postgres.md", "related_to Garden.md", "supports Plan.md"]);
		expect(h.engine.index.graph.node("Memory/Deploy day.md")?.memory).toMatchObject({
			source: "mcp",
			category: "process",
			pinned: false,
		});
	});

	it("is found by recall and search as soon as it returns, and the watcher's own event for it changes nothing", async () => {
		const h = await writerHarness(UNRELATED);
		const { nodeId } = await h.engine.writer.store({ content: BILLING });
		const recalled = await h.engine.recall("billing export connection pool", { readOnly: true });
		expect(recalled.results[0]?.path).toBe(nodeId);
		expect(h.engine.search("postgres").map((hit) => hit.path)).toEqual([nodeId]);

		const order = h.engine.index.graph.order;
		const records = h.engine.activity.lastSeq;
		await h.engine.index.apply({ type: "create", path: nodeId });
		await h.engine.index.apply({ type: "modify", path: nodeId });
		expect(h.engine.index.graph.order).toBe(order);
		expect(h.engine.activity.lastSeq).toBe(records);
		expect(h.engine.activity.get(nodeId)?.lastEdited ?? null).toBeNull();
	});

	it("turns a title into a safe file name inside the memory folder, numbering collisions", async () => {
		const h = await writerHarness({ "Memory/Plan.md": "old" });
		const store = (title: string) =>
			h.engine.writer.store({ content: "Some fact.", title, allowDuplicate: true }).then((r) => r.nodeId);
		expect(await store("Q3/Q4 plan: budget?")).toBe("Memory/Q3 Q4 plan budget.md");
		expect(await store("../../etc/passwd")).toBe("Memory/etc passwd.md");
		expect(await store("plan")).toBe("Memory/plan 2.md");
		expect(await store("Plan")).toBe("Memory/Plan 3.md");
		expect(await store("[[Link|alias]] #tag ^block")).toBe("Memory/Link alias tag block.md");
		expect(await store("CON")).toBe("Memory/CON note.md");
		expect(await store(".hidden.md")).toBe("Memory/hidden.md");
		expect(await store("a\u0000b\nc")).toBe("Memory/a b c.md");
		expect(await store("word ".repeat(40))).toBe(`Memory/${"word ".repeat(20).trim()}.md`);
		expect(await store("///")).toBe("Memory/Some fact.md");
	});

	it("titles a memory without a title after its first words", async () => {
		const h = await writerHarness({});
		const store = (content: string) => h.engine.writer.store({ content }).then((r) => r.nodeId);
		expect(
			await store("## Deploys happen on Tuesdays after the standup, unless the release manager says otherwise."),
		).toBe("Memory/Deploys happen on Tuesdays after the standup, unless the release.md");
		expect(await store("---\n\n- [x] See [[Plan|the plan]] and **ship** it")).toBe(
			"Memory/See the plan and ship it.md",
		);
		expect(await store("!!! ??? ***")).toBe("Memory/Memory 2024-07-02 09-14-05.md");
	});

	it("refuses bad input before writing anything, naming the field", async () => {
		const h = await writerHarness(
			{ ...UNRELATED, "Private/Diary.md": "secret" },
			{ index: { excludedFolders: ["Private"] }, mcp: { readFolders: ["Memory", "Garden.md"] } },
		);
		const before = snapshot(h.vault);
		const cases: [Parameters<typeof h.engine.writer.store>[0], string, RegExp][] = [
			[{ content: "" }, "content", /content is empty/],
			[{ content: "   \n" }, "content", /content is empty/],
			[{ content: 42 as unknown as string }, "content", /content must be the memory's text as a string \(got number\)/],
			[
				{ content: "x".repeat(MAX_CONTENT_BYTES + 1) },
				"content",
				/content is 101 KB; a memory may hold at most 100 KB/,
			],
			[
				{
					content: "fact",
					related: [
						{ id: "Garden", type: "related_to" },
						{ id: "Garden", type: "causes" },
					],
				},
				"related[1].type",
				/related\[1\]\.type "causes" is not an edge type; use one of caused_by, supports, derived_from, related_to, contradicts, supersedes\./,
			],
			[
				{ content: "fact", related: [{ id: "Nowhere", type: "supports" }] },
				"related[0].id",
				/No memory "Nowhere" \(field related\[0\]\.id\)/,
			],
			[{ content: "fact", related: [{ id: "../Garden", type: "supports" }] }, "related[0].id", /"\.\." segment/],
			[{ content: "fact", related: "Garden" as never }, "related", /related must be a list/],
			[{ content: "fact", related: ["Garden"] as never }, "related[0]", /must be an object \{id, type\}/],
			[{ content: "fact", relatedTo: ["/etc/passwd"] }, "related_to[0]", /absolute path/],
			[{ content: "fact", relatedTo: ["Books"] }, "related_to[0]", /^No memory "Books" \(field related_to\[0\]\)/],
			[{ content: "fact", relatedTo: ["Private/Diary.md"] }, "related_to[0]", /No memory/],
			[{ content: "fact", category: "a\nb" }, "category", /category must be one line/],
			[{ content: "fact", category: 7 as never }, "category", /category must be a string/],
			[{ content: "fact", sourceSession: "s".repeat(201) }, "source_session", /longer than 200 characters/],
			[{ content: "fact", title: {} as never }, "title", /title must be a string/],
		];
		for (const [input, field, message] of cases) {
			const error = await refusal(() => h.engine.writer.store(input));
			expect(error.field, field).toBe(field);
			expect(error.message, field).toMatch(message);
			expect(error.retryable).toBe(false);
		}
		expect(EDGE_TYPES).toHaveLength(6);
		expect(snapshot(h.vault)).toEqual(before);
	});

	it("refuses a link to a note whose name a [[link]] cannot hold, and never auto-links it", async () => {
		const h = await writerHarness({ ...UNRELATED, "Ops/Billing #1.md": BILLING_NOTES["Ops/Billing export.md"] });
		const before = snapshot(h.vault);
		const error = await refusal(() => h.engine.writer.store({ content: "fact", relatedTo: ["Ops/Billing #1.md"] }));
		expect(error.field).toBe("related_to[0]");
		expect(error.message).toContain("cannot be linked");
		expect(snapshot(h.vault)).toEqual(before);
		expect((await h.engine.writer.store({ content: BILLING })).autoLinks).toEqual([]);
	});

	it("gives concurrent stores of the same title different names", async () => {
		const h = await writerHarness({});
		const results = await Promise.all(
			[1, 2, 3].map((n) => h.engine.writer.store({ content: `Fact ${n}.`, title: "Same" })),
		);
		expect(results.map((r) => r.nodeId)).toEqual(["Memory/Same.md", "Memory/Same 2.md", "Memory/Same 3.md"]);
		expect(h.vault.content("Memory/Same 3.md")).toContain("Fact 3.");
	});

	it("refuses to store when the memory folder is excluded from the index", async () => {
		const h = await writerHarness(UNRELATED, { index: { excludedFolders: ["Memory"] } });
		const error = await refusal(() => h.engine.writer.store({ content: "fact" }));
		expect(error.message).toContain('is in an excluded folder (setting index.excludedFolders: "Memory")');
		expect(h.vault.paths().some((path) => path.startsWith("Memory/"))).toBe(false);
	});
});

describe("auto-links", () => {
	it("links at most 3 similar memories, most similar first, under memory_auto_links (graph: related_to)", async () => {
		const h = await writerHarness({ ...UNRELATED, ...BILLING_NOTES });
		const result = await h.engine.writer.store({ content: BILLING, title: "Pool exhausted" });
		expect(result.autoLinks).toHaveLength(3);
		for (const link of result.autoLinks) {
			expect(Object.keys(BILLING_NOTES)).toContain(link.target);
			expect(link).toMatchObject({ type: "related_to", basis: "keyword" });
			expect(link.score).toBeGreaterThanOrEqual(0.4);
		}
		const scores = result.autoLinks.map((link) => link.score);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		const written = frontmatterOf(h.vault, result.nodeId).memory_auto_links as string[];
		expect(written).toEqual(result.autoLinks.map((link) => `[[${link.target.slice(4, -3)}]]`));
		const edges = h.engine.index.graph.outEdges(result.nodeId);
		expect(edges.map((edge) => edge.target).sort()).toEqual(result.autoLinks.map((link) => link.target).sort());
		expect(edges.every((edge) => edge.type === "related_to" && edge.provenance[0].key === "memory_auto_links")).toBe(
			true,
		);
	});

	it("never auto-links beside a link the memory asked for", async () => {
		const h = await writerHarness({ ...UNRELATED, ...BILLING_NOTES });
		const result = await h.engine.writer.store({
			content: BILLING,
			related: [{ id: "Billing export", type: "caused_by" }],
		});
		expect(result.autoLinks.map((link) => link.target)).not.toContain("Ops/Billing export.md");
		expect(result.autoLinks).toHaveLength(3);
		const edges = h.engine.index.graph
			.outEdges(result.nodeId)
			.filter((edge) => edge.target === "Ops/Billing export.md");
		expect(edges.map((edge) => edge.type)).toEqual(["caused_by"]);
	});

	it("makes no more than 10 auto-links into one memory", async () => {
		const fans = Object.fromEntries(
			Array.from({ length: 10 }, (_, i) => [
				`Fans/Fan ${i}.md`,
				`---\nmemory_auto_links: ["[[Billing export]]"]\n---\nUnrelated thing number ${i}.`,
			]),
		);
		const h = await writerHarness({ ...UNRELATED, ...BILLING_NOTES, ...fans });
		const result = await h.engine.writer.store({ content: BILLING });
		expect(result.autoLinks.map((link) => link.target)).not.toContain("Ops/Billing export.md");
		expect(result.autoLinks).toHaveLength(3);

		// With one fewer the same store links it.
		const nine = await writerHarness({ ...UNRELATED, ...BILLING_NOTES, ...fans, "Fans/Fan 9.md": "No link any more." });
		const linked = await nine.engine.writer.store({ content: BILLING });
		expect(linked.autoLinks.map((link) => link.target)).toContain("Ops/Billing export.md");
	});

	it("counts the auto-links it made itself towards the limit", async () => {
		const h = await writerHarness(
			{ ...UNRELATED, "Ops/Billing export.md": BILLING_NOTES["Ops/Billing export.md"] },
			{ recall: { autoLink: { maxAutoLinksIntoNode: 2 } } },
		);
		const stored: string[] = [];
		const lengths: number[] = [];
		for (let i = 0; i < 6; i++) {
			const result = await h.engine.writer.store({
				content: BILLING,
				title: `Pool exhausted ${i}`,
				allowDuplicate: true,
			});
			stored.push(result.nodeId);
			lengths.push(result.autoLinks.length);
		}
		const autoLinksInto = (path: string) => {
			let count = 0;
			h.engine.index.graph.graph.forEachInEdge(path, (_edge, attributes) => {
				if (attributes.provenance.some((p) => p.key === "memory_auto_links")) count++;
			});
			return count;
		};
		expect(autoLinksInto("Ops/Billing export.md")).toBe(2);
		// Identical memories are the most similar (ties by path): each store links the earliest ones still under the limit.
		expect(lengths).toEqual([1, 2, 2, 2, 2, 2]);
		expect(stored.map(autoLinksInto)).toEqual([2, 2, 2, 2, 1, 0]);
	});

	it("links nothing unrelated: memories on other subjects stored into the example vault stay unlinked", async () => {
		const h = await writerHarness(exampleVault());
		for (const content of [
			"The quarterly marketing budget is $50,000.",
			"Priya's favourite lunch place is the noodle bar on the corner.",
			"API latency is 200ms at the 95th percentile.",
			"The office plants need water every Monday.",
			"Our team offsite is in Lisbon in October; book flights before August.",
		]) {
			const result = await h.engine.writer.store({ content });
			expect(result.autoLinks, content).toEqual([]);
		}
		const related = await h.engine.writer.store({
			content:
				"Harbor keeps every note, its merge history and the sync queue in one SQLite database per device, written in WAL mode.",
		});
		expect(related.autoLinks.map((link) => link.target)).toContain("Memory/Notes are stored in SQLite.md");
	});

	it("uses embeddings when a model is ready, with the model's own floor", async () => {
		const h = await writerHarness(
			{
				...UNRELATED,
				"Pets/Dog walk.md": "Walk the dog every morning before breakfast.",
				"Pets/Vet.md": "The dog vet appointment is on Friday.",
			},
			{ recall: { autoLink: { cosineFloorByModel: { "test/bag-of-words": 0.5 } } } },
		);
		await h.engine.useEmbedder(bagOfWordsEmbedder());
		await h.engine.recallService.noteEmbeddings?.whenIdle();
		const result = await h.engine.writer.store({ content: "Walk the dog every morning." });
		expect(result.autoLinks.map((link) => link.target)).toEqual(["Pets/Dog walk.md"]);
		expect(result.autoLinks[0]).toMatchObject({ basis: "embedding", type: "related_to" });
		expect(result.autoLinks[0].score).toBeGreaterThanOrEqual(0.5);
	});
});

describe("possible conflicts", () => {
	it("hints at a number that changed under the same anchor and unit, without an edge", async () => {
		const h = await writerHarness({
			...UNRELATED,
			"Memory/Launch budget.md": "---\nmemory_source: mcp\n---\nThe launch budget is $50,000.",
		});
		const result = await h.engine.writer.store({ content: "The launch budget is $80,000 after the review." });
		expect(result.possibleConflicts).toEqual([
			{ id: "Memory/Launch budget.md", kind: "numeric_mismatch", detail: "budget ($): new $80,000, existing $50,000" },
		]);
		const edges = h.engine.index.graph.outEdges(result.nodeId);
		expect(edges.filter((edge) => edge.type === "contradicts")).toEqual([]);
	});

	it("gives none for statements about different things", async () => {
		const h = await writerHarness({ ...UNRELATED, "Memory/Launch budget.md": "The launch budget is $50,000." });
		const result = await h.engine.writer.store({ content: "API latency is 200ms." });
		expect(result.possibleConflicts).toEqual([]);
	});

	it("hints at a one-sided negation", async () => {
		const h = await writerHarness({ ...UNRELATED, "Memory/Cache.md": "We use Redis for the session cache." });
		const result = await h.engine.writer.store({ content: "We do not use Redis for the session cache." });
		expect(result.possibleConflicts.map((c) => [c.id, c.kind])).toEqual([["Memory/Cache.md", "negation"]]);
	});
});

describe("MemoryWriter.amend", () => {
	it("writes a new memory that supersedes the old one, which stays untouched, and recall prefers it", async () => {
		const old = "---\nmemory_source: mcp\nmemory_category: finance\n---\nThe launch budget is $50,000.\n";
		const h = await writerHarness({ ...UNRELATED, "Memory/Launch budget.md": old });
		const result = await h.engine.writer.amend(
			"Launch budget",
			"The launch budget is $80,000.",
			"approved by finance on Monday",
		);
		expect(result).toEqual({
			nodeId: "Memory/Launch budget (v2).md",
			status: "stored",
			supersedes: "Memory/Launch budget.md",
			possibleConflicts: [],
			autoLinks: [],
		});
		expect(h.vault.content("Memory/Launch budget.md")).toBe(old);
		expect(h.vault.content("Memory/Launch budget (v2).md")).toBe(
			[
				"---",
				"memory_source: mcp",
				"memory_created: 2024-07-02T09:14:05.000Z",
				"memory_category: finance",
				"memory_amend_reason: approved by finance on Monday",
				"supersedes:",
				'  - "[[Launch budget]]"',
				"---",
				"The launch budget is $80,000.",
				"",
			].join("\n"),
		);
		const recalled = await h.engine.recall("launch budget", { readOnly: true });
		expect(recalled.results.slice(0, 2).map((hit) => hit.path)).toEqual([
			"Memory/Launch budget (v2).md",
			"Memory/Launch budget.md",
		]);
		expect(recalled.results[1].supersededBy).toEqual(["Memory/Launch budget (v2).md"]);

		const again = await h.engine.writer.amend("Memory/Launch budget (v2).md", "The launch budget is $90,000.");
		expect(again.nodeId).toBe("Memory/Launch budget (v3).md");
		expect(frontmatterOf(h.vault, again.nodeId).supersedes).toEqual(["[[Launch budget (v2)]]"]);
	});

	it("amends a note of the user into the memory folder under a name of its own, so [[Plan]] still means the user's note", async () => {
		const h = await writerHarness({
			...UNRELATED,
			"Projects/Plan.md": "Ship in May.",
			"Projects/Roadmap.md": "See [[Plan]].",
		});
		const result = await h.engine.writer.amend("Plan", "Ship in June.");
		expect(result.nodeId).toBe("Memory/Plan (v2).md");
		expect(frontmatterOf(h.vault, result.nodeId).supersedes).toEqual(["[[Plan]]"]);
		expect(h.engine.index.graph.outEdges(result.nodeId).map((e) => [e.type, e.target])).toEqual([
			["supersedes", "Projects/Plan.md"],
		]);
		expect(h.engine.index.graph.outEdges("Projects/Roadmap.md").map((e) => e.target)).toEqual(["Projects/Plan.md"]);
	});

	it("carries over the typed links the old note states (properties, inline fields), not its text's links, auto-links or what it supersedes", async () => {
		const h = await writerHarness({
			...UNRELATED,
			"Memory/Cause.md": "The cause.",
			"Memory/Evidence.md": "The evidence.",
			"Memory/Mentioned.md": "Mentioned in the text.",
			"Memory/Similar.md": "A similar memory.",
			"Memory/Older.md": "The older version.",
			"Memory/Policy.md": [
				"---",
				"caused_by:",
				'  - "[[Cause]]"',
				'memory_auto_links: ["[[Similar]]"]',
				'supersedes: ["[[Older]]"]',
				"---",
				"Deploys stop on Fridays, see [[Mentioned]].",
				"supports:: [[Evidence]]",
			].join("\n"),
		});
		const result = await h.engine.writer.amend("Policy", "Deploys stop on Thursdays.");
		expect(result.nodeId).toBe("Memory/Policy (v2).md");
		expect(frontmatterOf(h.vault, result.nodeId)).toMatchObject({
			caused_by: ["[[Cause]]"],
			supports: ["[[Evidence]]"],
			supersedes: ["[[Policy]]"],
		});
		const edges = h.engine.index.graph.outEdges(result.nodeId).map((edge) => `${edge.type} ${edge.target}`);
		expect(edges.sort()).toEqual([
			"caused_by Memory/Cause.md",
			"supersedes Memory/Policy.md",
			"supports Memory/Evidence.md",
		]);
	});

	it("refuses unknown, unreadable or traversing ids and empty content, writing nothing", async () => {
		const h = await writerHarness(
			{ ...UNRELATED, "Journal/Today.md": "private" },
			{ mcp: { readFolders: ["Memory"] } },
		);
		const before = snapshot(h.vault);
		expect((await refusal(() => h.engine.writer.amend("Nowhere", "x"))).field).toBe("node_id");
		expect((await refusal(() => h.engine.writer.amend("../Journal/Today", "x"))).message).toContain('".." segment');
		expect((await refusal(() => h.engine.writer.amend("Journal/Today.md", "x"))).message).toContain(
			'No memory "Journal/Today.md" (field node_id)',
		);
		h.settings.mcp.readFolders = [];
		expect((await refusal(() => h.engine.writer.amend("Journal/Today.md", ""))).field).toBe("content");
		expect((await refusal(() => h.engine.writer.amend("Journal/Today.md", "x", 5 as never))).field).toBe("reason");
		expect(snapshot(h.vault)).toEqual(before);
	});
});

/** The example vault of the repository, as an in-memory vault. */
function exampleVault(): Record<string, string> {
	const root = join(process.cwd(), "examples", "vault");
	const notes: Record<string, string> = {};
	const walk = (folder: string) => {
		for (const name of readdirSync(join(root, folder))) {
			const path = folder === "" ? name : `${folder}/${name}`;
			if (statSync(join(root, path)).isDirectory()) walk(path);
			else if (name.endsWith(".md")) notes[path] = readFileSync(join(root, path), "utf8");
		}
	};
	walk("");
	return notes;
}
