import { afterEach, describe, expect, it } from "vitest";
import { NODE_FLAGS } from "../../src/core/maintenance/maintenance-protocol";
import { buildMaintenanceColumns } from "../../src/engine/maintenance/maintenance-columns";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { body, connectHarness, type Harness } from "./memory-tools-harness";

// Memory/ is readable and writable, Projects/ only readable, Journal/ neither.
const NOTES: Record<string, string> = {
	"Memory/Relay outage one.md":
		'---\nmemory_source: mcp\ncaused_by: ["[[Certificate renewal]]", "[[Journal secret]]"]\n---\nThe relay went down when its certificate expired on Monday.',
	// No frontmatter at all: the undo must give back a note without a block.
	"Memory/Relay outage two.md": "The relay was down on Monday: its certificate had expired.",
	"Memory/Relay outage three.md":
		'---\nmemory_source: mcp\nmemory_consolidated_into: "[[Older summary]]"\n---\nRelay down, certificate expired.',
	"Memory/Older summary.md": "---\nmemory_source: mcp\n---\nAn older summary.",
	"Projects/Certificate renewal.md": "Certificates renew through the nightly job.",
	"Journal/Journal secret.md": "The relay certificate secret, privately.",
};

const READ = { mcp: { readFolders: ["Memory", "Projects"] } };
let harness: Harness | null = null;
let vault: MemoryVault;

async function connect(): Promise<Harness> {
	vault = new MemoryVault(NOTES);
	harness = await connectHarness(vault, new MemoryStorage(), { settings: READ, follow: false });
	return harness;
}

afterEach(async () => {
	await harness?.close();
	harness = null;
});

describe("memory_consolidate refuses before anything is written, naming the id", () => {
	const refusals: [string, Record<string, unknown>, RegExp][] = [
		[
			"an unknown id",
			{ ids: ["Memory/Relay outage one.md", "No such memory"], summary: "s" },
			/No memory "No such memory"/,
		],
		[
			"an unreadable id",
			{ ids: ["Memory/Relay outage one.md", "Journal/Journal secret.md"], summary: "s" },
			/Journal\/Journal secret\.md/,
		],
		[
			"a member already consolidated",
			{ ids: ["Memory/Relay outage one.md", "Memory/Relay outage three.md"], summary: "s" },
			/"Memory\/Relay outage three\.md" is already consolidated into \[\[Older summary\]\]/,
		],
		[
			"an empty summary",
			{ ids: ["Memory/Relay outage one.md", "Memory/Relay outage two.md"], summary: "  " },
			/summary is empty/,
		],
		[
			"fewer than 2 memories",
			{ ids: ["Memory/Relay outage one.md", "Relay outage one"], summary: "s" },
			/ids names one memory; a consolidation needs at least 2 different memories/,
		],
	];

	it.each(refusals)("%s", async (_what, args, message) => {
		const { call } = await connect();
		const before = new Map(vault.paths().map((path) => [path, vault.content(path)]));
		const result = await call("memory_consolidate", args);
		expect(result.isError).toBe(true);
		const failure = body(result);
		expect(failure.error).toMatch(message);
		expect(failure.field).toBe(args.summary === "  " ? "summary" : "ids");
		expect(failure.retryable).toBe(false);
		expect(new Map(vault.paths().map((path) => [path, vault.content(path)]))).toEqual(before);
	});
});

describe("memory_consolidate", () => {
	it("carries the members' readable outside causes over, never an unreadable one, and undoes a note without frontmatter byte for byte", async () => {
		const { call, engine } = await connect();
		const before = new Map(vault.paths().map((path) => [path, vault.content(path)]));
		const result = body(
			await call("memory_consolidate", {
				ids: ["Relay outage one", "Memory/Relay outage two.md"],
				summary: "The relay went down on Monday because its certificate expired.",
			}),
		);
		expect(result.carried_causes).toEqual(["Projects/Certificate renewal.md"]);
		expect(JSON.stringify(result)).not.toContain("Journal");
		const summary = vault.content(result.node_id as string) ?? "";
		expect(summary).toContain('caused_by:\n  - "[[Certificate renewal]]"');
		expect(summary).not.toContain("Journal secret");
		expect(vault.content("Memory/Relay outage two.md")).toBe(
			`---\nmemory_consolidated_into: "[[The relay went down on Monday because its certificate expired]]"\n---\n${NOTES["Memory/Relay outage two.md"]}`,
		);

		const columns = await buildMaintenanceColumns(engine.index.graph, 0, {}, { timers: NODE_TIMERS });
		const consolidated = columns.paths.filter(
			(_path, row) => (columns.nodes.flags[row] & NODE_FLAGS.consolidated) !== 0,
		);
		// The members fade faster from the next pass on (Relay outage three was consolidated before).
		expect(consolidated.sort()).toEqual([
			"Memory/Relay outage one.md",
			"Memory/Relay outage three.md",
			"Memory/Relay outage two.md",
		]);

		const undone = await engine.undoConsolidation();
		expect(undone.restored).toEqual(["Memory/Relay outage one.md", "Memory/Relay outage two.md"]);
		expect(new Map(vault.paths().map((path) => [path, vault.content(path)]))).toEqual(before);
		await expect(engine.undoConsolidation(result.undo_id as string)).rejects.toThrow(/was already undone/);
	});

	it("lists readable clusters only, and the consolidate prompt walks through one", async () => {
		const { call, client } = await connect();
		const clusters = body(await call("memory_clusters", {})).clusters as { members: string[] }[];
		expect(clusters.map((cluster) => cluster.members)).toEqual([
			["Memory/Relay outage one.md", "Memory/Relay outage two.md"],
		]);
		const prompt = await client.getPrompt({ name: "consolidate", arguments: {} });
		const [steps, ...texts] = prompt.messages;
		const text = steps.content.type === "text" ? steps.content.text : "";
		expect(text).toContain('memory_consolidate with ids ["Memory/Relay outage one.md","Memory/Relay outage two.md"]');
		const loaded = texts.map((message) => {
			const resource = message.content.type === "resource" ? message.content.resource : null;
			return resource && "text" in resource ? String(resource.text) : "";
		});
		expect(loaded).toEqual([
			NOTES["Memory/Relay outage one.md"].split("---\n")[2],
			NOTES["Memory/Relay outage two.md"],
		]);
	});
});
