import { appendFile, copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { importCommand, type ImportSummary } from "../../../src/node/cli/import-command";
import { indexCommand } from "../../../src/node/cli/index-command";

/** Written by the real @modelcontextprotocol/server-memory through its own tools (fixtures/write-memory-jsonl.mjs). */
const FIXTURE = fileURLToPath(new URL("../fixtures/server-memory.jsonl", import.meta.url));

let dir: string;
let vault: string;
let file: string;

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "import-jsonl-"));
	vault = join(dir, "vault");
	file = join(dir, "memory.jsonl");
	await mkdir(vault);
	await copyFile(FIXTURE, file);
});

afterEach(async () => {
	vi.restoreAllMocks();
	await rm(dir, { recursive: true, force: true });
});

async function run(dryRun = false): Promise<{ summary: ImportSummary; stderr: string }> {
	const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
	const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
	expect(await importCommand({ format: "memory-jsonl", file, vaultDir: vault, dryRun, json: true })).toBe(0);
	const summary = JSON.parse(out.mock.calls.map((call) => String(call[0])).join("")) as ImportSummary;
	const stderr = err.mock.calls.map((call) => String(call[0])).join("");
	out.mockRestore();
	err.mockRestore();
	return { summary, stderr };
}

const memoryNotes = async (): Promise<string[]> => (await readdir(join(vault, "Memory")).catch(() => [])).sort();

describe("causal-memory import memory-jsonl, on a file the reference memory server wrote", () => {
	it("writes one note per entity in the memory folder with its observations and typed links", async () => {
		const { summary } = await run();
		expect(summary).toMatchObject({ entities: 8, relations: 6, unchanged: [], conflicts: [], skipped: [] });
		expect(summary.links).toEqual({ related_to: 2, caused_by: 2, supersedes: 1, derived_from: 1 });
		expect(await memoryNotes()).toEqual([
			"CRDT merging.md",
			"Certificate monitoring.md",
			"Expired TLS certificate.md",
			"Harbor.md",
			"Last writer wins.md",
			"Maya Okafor.md",
			"Sync outage June 2024.md",
			"Weekly sync.md",
		]);
		const harbor = await readFile(join(vault, "Memory", "Harbor.md"), "utf8");
		expect(harbor).toContain('memory_category: "project"');
		expect(harbor).toContain("- Written in TypeScript");
		// "Expired TLS certificate led to Certificate monitoring": the decision is caused by the certificate.
		const monitoring = await readFile(join(vault, "Memory", "Certificate monitoring.md"), "utf8");
		expect(monitoring).toContain('caused_by:\n  - "[[Expired TLS certificate]]"');
		expect(monitoring).toContain('derived_from:\n  - "[[Sync outage June 2024]]"');

		const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
		await indexCommand({ vaultDir: vault, exclude: [], edgeKeys: {}, json: true });
		const index = JSON.parse(out.mock.calls.map((call) => String(call[0])).join("")) as {
			edgesByType: Record<string, number>;
			dangling: unknown[];
		};
		out.mockRestore();
		expect(index.edgesByType).toMatchObject({ caused_by: 2, supersedes: 1, derived_from: 1, related_to: 2 });
		expect(index.dangling).toEqual([]);
	});

	it("changes nothing when run again, and rewrites only the entity that changed", async () => {
		await run();
		const again = await run();
		expect(again.summary.created).toEqual([]);
		expect(again.summary.updated).toEqual([]);
		expect(again.summary.unchanged).toHaveLength(8);
		// The server writes no newline after its last line.
		await appendFile(
			file,
			"\n" + JSON.stringify({ type: "entity", name: "Harbor", entityType: "project", observations: ["Ships weekly"] }),
		);
		const third = await run();
		expect(third.summary.updated).toEqual(["Memory/Harbor.md"]);
		expect(await readFile(join(vault, "Memory", "Harbor.md"), "utf8")).toContain("- Ships weekly");
	});

	it("still recognizes a note it wrote after an editor saved it with a byte order mark", async () => {
		await run();
		const harbor = join(vault, "Memory", "Harbor.md");
		await writeFile(harbor, `\uFEFF${(await readFile(harbor, "utf8")).replace("\n---\n", "\n---  \n")}`);
		const again = await run();
		expect(again.summary.updated).toEqual(["Memory/Harbor.md"]);
		expect(again.summary.conflicts).toEqual([]);
	});

	it("writes nothing in a dry run, but says what it would do", async () => {
		const { summary } = await run(true);
		expect(summary.created).toHaveLength(8);
		expect(await memoryNotes()).toEqual([]);
	});

	it("skips a malformed line, naming its number, and leaves a note it did not write alone", async () => {
		await appendFile(file, '\n{"type":"entity","name":');
		await mkdir(join(vault, "Memory"));
		await writeFile(join(vault, "Memory", "Harbor.md"), "My own note about the harbor.\n");
		const { summary, stderr } = await run();
		expect(summary.skipped).toEqual([{ line: 15, message: "not valid JSON" }]);
		expect(stderr).toContain("line 15: not valid JSON; skipped");
		expect(summary.conflicts).toEqual(["Memory/Harbor.md"]);
		expect(await readFile(join(vault, "Memory", "Harbor.md"), "utf8")).toBe("My own note about the harbor.\n");
		expect(summary.created).toHaveLength(7);
	});
});
