import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readMemorySettings } from "../../src/core/model/settings";
import { parseNote } from "../../src/core/parse/parse-note";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { FsVault } from "../../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { runNoteEditor, type EditorStyle } from "./note-editor";

const BODY = "The body the user wrote first.\n\nA second paragraph.\n";
const NOTE = `---\nmemory_source: mcp\nmemory_created: 2024-07-01\n---\n${BODY}`;
const TARGETS = 12;
const TYPES = ["caused_by", "related_to", "supports"];

export interface EditorRace {
	style: EditorStyle;
	edits: number;
	/** Numbers of the user's edits missing from the note at the end. */
	lost: number[];
	/** The agent's pin, unpin, link and unlink calls that returned, and those that threw. */
	agentCalls: number;
	agentFailures: string[];
	/** The first body paragraphs and `memory_source` / `memory_created` are as the user wrote them. */
	intact: boolean;
	/** `memory_pinned` in the file equals the engine's state after it read the file. */
	pinnedAgrees: boolean;
	/** Temp files left beside the note. */
	leftovers: string[];
	seconds: number;
}

/**
 * A user's editor (its own process) makes `edits` edits to `Memory/X.md` in `style`, `pauseMs`
 * to `pauseMs + 2` ms apart, while an agent cycles pin, unpin, link and unlink on the same note
 * through the headless engine (following the folder, as `serve` does) until the editor is done.
 * `nice` lowers the editor's priority (see runNoteEditor).
 * Then every user edit must be in the note.
 */
export async function raceEditor(style: EditorStyle, edits: number, pauseMs: number, nice = 0): Promise<EditorRace> {
	const dir = await mkdtemp(join(tmpdir(), "cm-editor-race-"));
	const root = join(dir, "vault");
	const note = join(root, "Memory", "X.md");
	const started = performance.now();
	await mkdir(join(root, "Memory"), { recursive: true });
	await mkdir(join(dir, "state"));
	await writeFile(note, NOTE);
	for (let i = 0; i < TARGETS; i++)
		await writeFile(join(root, "Memory", `T${i}.md`), `---\nmemory_source: mcp\n---\nTarget ${i}.\n`);
	const settings = readMemorySettings(null).settings;
	const engine = new MemoryEngine({
		vault: new FsVault(root),
		storage: new FsStorage(join(dir, "state"), { sync: false }),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => Date.now(),
		settings: () => settings,
		warn: () => undefined,
	});
	try {
		await engine.start({ follow: true });
		let done = false;
		const editor = runNoteEditor(note, style, edits, pauseMs, nice).finally(() => (done = true));
		let agentCalls = 0;
		const agentFailures: string[] = [];
		for (let round = 0; !done; round++) {
			const target = `T${Math.floor(round / 4) % TARGETS}`;
			const type = TYPES[Math.floor(round / 4) % TYPES.length] ?? "related_to";
			try {
				const step = round % 4;
				if (step === 0) await engine.writer.pin("X");
				else if (step === 1) await engine.writer.link("X", target, type);
				else if (step === 2) await engine.writer.unpin("X");
				else await engine.writer.unlink("X", target, type);
				agentCalls++;
			} catch (error) {
				agentFailures.push(error instanceof Error ? error.message : String(error));
			}
		}
		await editor;
		await engine.index.apply({ type: "modify", path: "Memory/X.md" });
		await engine.maintenance.settled();

		const text = await readFile(note, "utf8");
		const lost: number[] = [];
		for (let i = 0; i < edits; i++) if (!text.includes(`user edit ${i}\n`)) lost.push(i);
		const frontmatter = parseNote(text).frontmatter ?? {};
		return {
			style,
			edits,
			lost,
			agentCalls,
			agentFailures,
			intact:
				text.includes(`---\n${BODY}`) &&
				frontmatter.memory_source === "mcp" &&
				frontmatter.memory_created === "2024-07-01",
			pinnedAgrees:
				(frontmatter.memory_pinned === true) === (engine.index.graph.node("Memory/X.md")?.memory.pinned === true),
			leftovers: (await readdir(join(root, "Memory"))).filter((name) => name.endsWith(".tmp") || name.endsWith(".swp")),
			seconds: (performance.now() - started) / 1000,
		};
	} finally {
		await engine.stop();
		await rm(dir, { recursive: true, force: true });
	}
}
