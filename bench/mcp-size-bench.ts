/**
 * How much of an agent's context the MCP server takes: the tools/list answer (plus resources
 * and prompts when the server has them) and `memory_recall` answers with k=10, concise and full,
 * on a synthetic vault, through the SDK client over an in-memory transport (the same JSON as over
 * HTTP). Tokens are approximated as characters / 4: no tokenizer is installed, and the ratio is
 * what matters between versions. "text" is the JSON text block a text-only client reads;
 * "wire" the whole result (text block + structuredContent). The clock stands still a day after the
 * newest note, so the same hits come back on every run and versions can be compared.
 *
 *   npm run bench -- mcp-size [--notes 1000] [--seed 1] [--queries 100] [--per-tool] [--sample]
 *   npm run bench -- mcp-size --hub 50000 [--calls 5]
 *
 * --per-tool adds a row per tool of tools/list; --sample prints the first concise recall answer.
 * --hub N: instead, a hub and N spokes linking to it (bench/hub-notes.ts): memory_explain of the
 * hub, recalls that reach it and a 2 KB query of common words, each answer's size and time (the
 * first call, then the median and slowest of --calls more).
 */
import { readdirSync, statSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { benchVault } from "./bench-vaults";
import { fsBenchEngine, inMemoryMcpClient } from "./fs-bench-engine";
import { hubNotes } from "./hub-notes";
import { parseFlags } from "./flags";
import { createRng } from "./prng";
import { formatTable } from "./table";
import { printLine } from "../src/node/cli/terminal";

const tokens = (chars: number): number => Math.round(chars / 4);

/** A day after the newest note: a clock that does not move makes retention, and so the ranking, the same on every run. */
function fixedNow(dir: string): number {
	const newest = readdirSync(dir, { recursive: true, encoding: "utf8" }).reduce(
		(max, file) => Math.max(max, statSync(join(dir, file)).mtimeMs),
		0,
	);
	return Math.ceil(newest) + 86_400_000;
}

function textOf(result: CallToolResult): string {
	const block = result.content[0];
	return block?.type === "text" ? block.text : "";
}

/** The 2 KB query of issue 29: words every spoke holds, repeated to the length limit. */
function commonWordQuery(): string {
	const words = ["the", "payment", "service", "outage", "notes", "spoke", "hub"];
	const query: string[] = [];
	for (let i = 0; query.join(" ").length + words[i % words.length].length < 2047; i++)
		query.push(words[i % words.length]);
	return query.join(" ");
}

async function hubAnswers(spokes: number, calls: number): Promise<void> {
	const dir = await mkdtemp(join(tmpdir(), "mcp-size-hub-"));
	const state = await mkdtemp(join(tmpdir(), "mcp-size-hub-state-"));
	for (const [path, content] of Object.entries(hubNotes(spokes, { supersededBy: true }))) {
		await mkdir(dirname(join(dir, path)), { recursive: true });
		await writeFile(join(dir, path), content);
	}
	const engine = fsBenchEngine(dir, state, { clock: () => Date.UTC(2026, 0, 1) });
	const load = loadavg()[0];
	await engine.start({ follow: false });
	const { client, close } = await inMemoryMcpClient(engine, "mcp-size-bench");
	const asks: [string, string, Record<string, unknown>][] = [
		["memory_explain Hub", "memory_explain", { node_id: "Hub.md" }],
		['memory_recall "hub"', "memory_recall", { query: "hub", read_only: true }],
		['memory_recall "payment service outage"', "memory_recall", { query: "payment service outage", read_only: true }],
		["memory_recall 2 KB of common words", "memory_recall", { query: commonWordQuery(), read_only: true }],
	];
	const rows: (string | number)[][] = [];
	try {
		for (const [name, tool, args] of asks) {
			const times: number[] = [];
			let result: CallToolResult | undefined;
			for (let i = 0; i <= calls; i++) {
				const started = performance.now();
				result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
				times.push(performance.now() - started);
				if (result.isError) throw new Error(`${tool} failed: ${textOf(result)}`);
			}
			const warm = times.slice(1).sort((a, b) => a - b);
			const text = textOf(result as CallToolResult).length;
			rows.push([
				name,
				Math.round(times[0]),
				Math.round(warm[Math.floor(warm.length / 2)] ?? times[0]),
				Math.round(warm.at(-1) ?? times[0]),
				text,
				tokens(text),
				JSON.stringify(result).length,
			]);
		}
	} finally {
		await close();
		await engine.stop();
		await rm(dir, { recursive: true, force: true });
		await rm(state, { recursive: true, force: true });
	}
	printLine(
		`A hub and ${spokes} spokes (3/5 caused_by, 1/5 supports, 1/5 supersedes); ${calls} calls after the first; load ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}\n`,
	);
	printLine(formatTable(["answer", "first ms", "p50 ms", "max ms", "text chars", "≈ tokens", "wire chars"], rows));
}

async function main(): Promise<void> {
	const flags = parseFlags();
	if (flags.has("hub")) return hubAnswers(flags.number("hub", 50_000), flags.number("calls", 5));
	const notes = flags.number("notes", 1000);
	const seed = flags.number("seed", 1);
	const queryCount = flags.number("queries", 100);
	const vault = await benchVault(notes, seed);
	const state = await mkdtemp(join(tmpdir(), "mcp-size-bench-"));
	const now = fixedNow(vault.dir);
	const engine = fsBenchEngine(vault.dir, state, { clock: () => now });
	await engine.start({ follow: false });
	const { client, close } = await inMemoryMcpClient(engine, "mcp-size-bench");
	const rows: (string | number)[][] = [];
	try {
		const capabilities = client.getServerCapabilities() ?? {};
		const lists: [string, () => Promise<unknown>][] = [["tools/list", () => client.listTools()]];
		if (capabilities.resources) {
			lists.push(
				["resources/list", () => client.listResources()],
				["resources/templates/list", () => client.listResourceTemplates()],
			);
		}
		if (capabilities.prompts) lists.push(["prompts/list", () => client.listPrompts()]);
		for (const [name, list] of lists) {
			const chars = JSON.stringify(await list()).length;
			rows.push([name, 1, chars, tokens(chars), "", ""]);
		}
		if (flags.has("per-tool")) {
			for (const tool of (await client.listTools()).tools) {
				const chars = JSON.stringify(tool).length;
				rows.push([`  ${tool.name}`, 1, chars, tokens(chars), "", ""]);
			}
		}
		const titles = engine.index.graph.notePaths().map((path) => path.replace(/^.*\//, "").replace(/\.md$/, ""));
		const rng = createRng(seed);
		const queries = Array.from({ length: queryCount }, () => rng.pick(titles).split(/\s+/).slice(0, 3).join(" "));
		for (const verbosity of ["concise", "full"]) {
			let text = 0;
			let wire = 0;
			let hits = 0;
			for (const query of queries) {
				const result = (await client.callTool({
					name: "memory_recall",
					arguments: { query, k: 10, verbosity, read_only: true },
				})) as CallToolResult;
				if (result.isError) throw new Error(`memory_recall failed: ${textOf(result)}`);
				if (flags.has("sample") && verbosity === "concise" && text === 0) printLine(`${textOf(result)}\n`);
				text += textOf(result).length;
				wire += JSON.stringify(result).length;
				hits += (result.structuredContent?.results as unknown[]).length;
			}
			const n = queries.length;
			rows.push([
				`memory_recall k=10 ${verbosity}`,
				n,
				Math.round(text / n),
				tokens(text / n),
				Math.round(wire / n),
				(hits / n).toFixed(1),
			]);
		}
	} finally {
		await close();
		await engine.stop();
		await rm(state, { recursive: true, force: true });
	}
	printLine(
		`MCP answer sizes, ${notes} synthetic notes (seed ${seed}); tokens ≈ characters / 4; recall rows are means per call\n`,
	);
	printLine(formatTable(["answer", "calls", "text chars", "≈ tokens", "wire chars", "hits/call"], rows));
}

await main();
