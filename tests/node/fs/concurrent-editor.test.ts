import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseNote } from "../../../src/core/parse/parse-note";
import { FsVault } from "../../../src/node/fs/fs-vault";
import { startEngine, stopEngines, testSettings } from "../../engine/writer/writer-harness";

const NOTE =
	"---\nmemory_source: mcp\nmemory_created: 2024-07-01\n---\nThe body the user wrote first.\n\nA second paragraph.\n";
const TARGETS = 12;
const TYPES = ["caused_by", "related_to", "supports"];

let dir = "";

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "cm-editor-"));
});

afterEach(async () => {
	await stopEngines();
	await rm(dir, { recursive: true, force: true });
});

interface Run {
	text: string;
	lost: number[];
	agentCalls: number;
	pinnedInFile: boolean;
	pinnedInEngine: boolean | undefined;
	leftovers: string[];
}

/**
 * A user edits `Memory/X.md` in a worker thread (so the interleaving is real) while an agent
 * cycles pin, unpin and link on the same note through the engine, until the user is done.
 */
async function race(style: string, edits: number, pauseMs: number): Promise<Run> {
	const root = join(dir, "vault");
	await mkdir(join(root, "Memory"), { recursive: true });
	await writeFile(join(root, "Memory", "X.md"), NOTE);
	for (let i = 0; i < TARGETS; i++)
		await writeFile(join(root, "Memory", `T${i}.md`), `---\nmemory_source: mcp\n---\nTarget ${i}.\n`);
	const { engine } = await startEngine(new FsVault(root), testSettings(), { follow: true });

	const user = new Worker(new URL("../fixtures/editing-user.mjs", import.meta.url), {
		workerData: { path: join(root, "Memory", "X.md"), style, edits, pauseMs },
	});
	let done = false;
	const finished = new Promise<void>((resolve, reject) => {
		user.once("message", () => resolve());
		user.once("error", reject);
	}).finally(() => (done = true));
	let agentCalls = 0;
	try {
		for (let round = 0; !done; round++) {
			const step = round % 3;
			if (step === 0) await engine.writer.pin("X");
			else if (step === 1) await engine.writer.unpin("X");
			else
				await engine.writer.link(
					"X",
					`T${Math.floor(round / 3) % TARGETS}`,
					TYPES[round % TYPES.length] ?? "related_to",
				);
			agentCalls++;
		}
		await finished;
	} finally {
		await user.terminate();
	}
	await engine.index.apply({ type: "modify", path: "Memory/X.md" });
	await engine.maintenance.settled();

	const text = await readFile(join(root, "Memory", "X.md"), "utf8");
	const lost: number[] = [];
	for (let i = 0; i < edits; i++) if (!text.includes(`user edit ${i}\n`)) lost.push(i);
	const leftovers = (await readdir(join(root, "Memory"))).filter((name) => name.endsWith(".tmp"));
	return {
		text,
		lost,
		agentCalls,
		pinnedInFile: parseNote(text).frontmatter?.memory_pinned === true,
		pinnedInEngine: engine.index.graph.node("Memory/X.md")?.memory.pinned,
		leftovers,
	};
}

function expectIntact(run: Run, edits: number, mayLose = 0): void {
	expect(run.lost.length, `lost ${run.lost.length} of ${edits} edits: ${run.lost.join(", ")}`).toBeLessThanOrEqual(
		mayLose,
	);
	expect(run.text).toContain("---\nThe body the user wrote first.\n\nA second paragraph.\n");
	const frontmatter = parseNote(run.text).frontmatter ?? {};
	expect(frontmatter.memory_source).toBe("mcp");
	expect(frontmatter.memory_created).toBe("2024-07-01");
	expect(run.pinnedInFile).toBe(run.pinnedInEngine);
	expect(run.leftovers).toEqual([]);
	// The agent waits for pauses in the typing; under load few calls get through, but some must.
	expect(run.agentCalls).toBeGreaterThanOrEqual(2);
}

describe("a user editing a note while an agent pins, unpins and links it (issue 15.1)", () => {
	for (const style of ["append", "truncate"]) {
		it(`loses none of 1,000 ${style}-style edits and keeps the body and memory keys`, async () => {
			const run = await race(style, 1000, 1);
			expectIntact(run, 1000);
		}, 60_000);
	}

	// Known limit: POSIX has no compare-and-swap rename. When our thread is preempted between its
	// last check and its rename (0.7–2.4 ms measured under load 8), a save the editor makes in that
	// gap is replaced by ours: 1–2 of 1,000 in 4 of 66 runs under load, 0 in the rest. The bound
	// catches a return to the old losses (5 of 300 before issue 15). See docs/vault-writes.md.
	it("loses almost none of 1,000 rename-style edits and keeps the body and memory keys", async () => {
		const run = await race("rename", 1000, 1);
		expectIntact(run, 1000, 5);
	}, 60_000);

	// Known limit: an editor that reads the whole note and writes it back from another thread can,
	// in a rare interleaving around our rename, still lose an edit (0 in most runs, 1–2 of 300 on a
	// loaded machine; before the compare-and-swap 257 of 300). The bound catches a return to that,
	// not the rare loss. See docs/vault-writes.md.
	it("loses almost none of 300 read-and-write-back edits made every 3 ms", async () => {
		const run = await race("rewrite", 300, 3);
		expectIntact(run, 300, 15);
	}, 60_000);
});
