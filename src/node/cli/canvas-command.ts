import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { MemoryEngine } from "../../engine/memory-engine";
import { writeFileAtomic } from "../fs/atomic-write";
import { FsVault } from "../fs/fs-vault";
import { readHeadlessSettings } from "../headless-settings";
import { printError, printLine } from "./terminal";

export interface CanvasOptions {
	vaultDir: string;
	/** The memory, as a vault path or link text. */
	note: string;
	depth?: number;
	/** Where to write the canvas; default the canvas folder of the settings, inside the vault. */
	out?: string;
	json: boolean;
}

/**
 * Writes the causal chain of one memory as a JSON Canvas file (as the plugin's "Open causal chain
 * as canvas" does) and prints where. A note that is not a memory writes nothing and fails.
 */
export async function canvasCommand(options: CanvasOptions): Promise<number> {
	const { settings, problems } = readHeadlessSettings(options.vaultDir);
	for (const problem of problems) printError(`causal-memory: settings: ${problem}; using defaults for that group`);
	const { graph } = await MemoryEngine.readGraph(new FsVault(options.vaultDir), settings.index);
	const file = MemoryEngine.chainCanvasOf(graph, options.note, settings.maintenance, options.depth, "--note");
	const target = options.out === undefined ? join(options.vaultDir, file.path) : resolve(options.out);
	await mkdir(dirname(target), { recursive: true });
	await writeFileAtomic(target, file.text);
	const summary = { note: file.note, file: target, cards: file.canvas.nodes.length, edges: file.canvas.edges.length };
	if (options.json) printLine(JSON.stringify({ ...summary, truncated: file.truncated }, null, 2));
	else
		printLine(
			`Wrote the causal chain of ${file.note} to ${target}: ${summary.cards} cards, ${summary.edges} edges${file.truncated ? " (the chain is longer: some cards left out)" : ""}.`,
		);
	return 0;
}
