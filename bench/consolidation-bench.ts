/**
 * Consolidation on LoCoMo: every dialogue turn of the dev conversations is stored as one memory
 * (in its session's episode), clusters are found, every cluster is consolidated extractively,
 * and recall R@10 over the questions of categories 1–4 is measured before and after.
 *
 *   npm run bench -- consolidation [--data FILE] [--keep DIR] [--conversation ID] [--decay-factor X] [--min-size N]
 *
 * After consolidation a summary in the top 10 counts as returning its members (its derived_from
 * links: an agent reads the summary, which cites them); "turns only" counts the turn notes
 * alone, as if summaries were never read. A maintenance pass runs before each measurement (30
 * days after the notes were written), so the consolidated members fade faster
 * (scoring.relevance.consolidatedDecayFactor). --keep DIR keeps each conversation's vault there.
 *
 * The data is read at run time from ../shared/eval/locomo/locomo-dev.json; none of it is in the repo.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { MemoryEngine } from "../src/engine/memory-engine";
import { readMemorySettings } from "../src/core/model/settings";
import { printLine } from "../src/node/cli/terminal";
import { fsBenchEngine } from "./fs-bench-engine";
import { parseFlags } from "./flags";
import { loadLocomo, sessionTime, type LocomoConversation } from "./locomo/locomo-data";
import { diaIdOf, turnPath } from "./locomo/locomo-vault";
import { formatTable, type Cell } from "./table";

const CATEGORIES = new Set([1, 2, 3, 4]);
const DAY_MS = 86_400_000;
/** When recall is measured: this long after the notes were written (their file times), so decay has acted. */
const MEASURED_AFTER_MS = 30 * DAY_MS;

interface Row {
	conversation: string;
	turns: number;
	clusters: number;
	clustered: number;
	largest: number;
	oneSession: number;
	clusterMs: number;
	consolidateMs: number;
	before: number;
	after: number;
	turnsOnly: number;
	questions: number;
}

/** One memory per turn: who said what (and the shared image), in the session's episode, dated by the session. */
async function writeTurns(conversation: LocomoConversation, vaultDir: string): Promise<number> {
	let turns = 0;
	for (const session of conversation.sessions) {
		const start = sessionTime(session.date);
		for (const [i, turn] of session.turns.entries()) {
			const path = join(vaultDir, turnPath(turn.diaId));
			await mkdir(dirname(path), { recursive: true });
			const caption = turn.caption ? `\n[image: ${turn.caption}]` : "";
			const created = new Date(start + i * 60_000).toISOString();
			await writeFile(
				path,
				`---\nmemory_source: mcp\nmemory_created: ${created}\nmemory_session: ${conversation.id}-${session.number}\n---\n${turn.speaker}: ${turn.text}${caption}\n`,
			);
			turns++;
		}
	}
	return turns;
}

/** Mean R@10 over the conversation's questions; a summary counts as its members when `expand`. */
async function recallAt10(engine: MemoryEngine, conversation: LocomoConversation, expand: boolean): Promise<number[]> {
	const scores: number[] = [];
	for (const question of conversation.questions) {
		if (!CATEGORIES.has(question.category) || question.evidence.length === 0) continue;
		const result = await engine.recall(question.question, { k: 10, readOnly: true });
		const returned = result.results.flatMap((hit) => {
			if (hit.path.startsWith("turns/")) return [diaIdOf(hit.path)];
			if (!expand) return [];
			return engine.index.graph
				.outEdges(hit.path)
				.filter((edge) => edge.type === "derived_from" && edge.target.startsWith("turns/"))
				.map((edge) => diaIdOf(edge.target));
		});
		// Over the 10 memories returned: a summary's members all stand at its rank.
		const found = new Set(returned);
		scores.push(question.evidence.filter((id) => found.has(id)).length / question.evidence.length);
	}
	return scores;
}

function mean(values: readonly number[]): number {
	return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

interface RunOptions {
	keep?: string;
	decayFactor: number;
	minSize: number;
}

async function runConversation(conversation: LocomoConversation, options: RunOptions): Promise<Row> {
	const keep = options.keep;
	const root = keep ? join(resolve(keep), conversation.id) : await mkdtemp(join(tmpdir(), "consolidation-bench-"));
	await rm(root, { recursive: true, force: true });
	const vaultDir = join(root, "vault");
	const stateDir = join(root, "state");
	await mkdir(stateDir, { recursive: true });
	const turns = await writeTurns(conversation, vaultDir);
	const now = Date.now() + MEASURED_AFTER_MS;
	const defaults = readMemorySettings(null).settings;
	const settings = {
		...defaults,
		scoring: {
			...defaults.scoring,
			relevance: { ...defaults.scoring.relevance, consolidatedDecayFactor: options.decayFactor },
		},
	};
	const engine = fsBenchEngine(vaultDir, stateDir, { clock: () => now, settings });
	try {
		await engine.start({ follow: false });
		await engine.maintenance.runPass();
		const before = await recallAt10(engine, conversation, false);
		let started = performance.now();
		const report = await engine.clusters({ k: Number.MAX_SAFE_INTEGER, minSize: options.minSize });
		const clusterMs = performance.now() - started;
		started = performance.now();
		for (const cluster of report.clusters) await engine.consolidateExtractively(cluster.members, cluster.label);
		const consolidateMs = performance.now() - started;
		await engine.maintenance.runPass();
		const after = await recallAt10(engine, conversation, true);
		const turnsOnly = await recallAt10(engine, conversation, false);
		const sessionOf = (path: string): string => diaIdOf(path).split(":")[0];
		return {
			conversation: conversation.id,
			turns,
			clusters: report.total,
			clustered: report.clusters.reduce((sum, cluster) => sum + cluster.members.length, 0),
			largest: Math.max(0, ...report.clusters.map((cluster) => cluster.members.length)),
			oneSession: report.clusters.filter((cluster) => new Set(cluster.members.map(sessionOf)).size === 1).length,
			clusterMs,
			consolidateMs,
			before: mean(before),
			after: mean(after),
			turnsOnly: mean(turnsOnly),
			questions: before.length,
		};
	} finally {
		await engine.stop();
		if (!keep) await rm(root, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const dataPath = resolve(flags.text("data") ?? "../shared/eval/locomo/locomo-dev.json");
	if (!existsSync(dataPath)) throw new Error(`LoCoMo data not found at ${dataPath}; pass --data FILE`);
	const rows: Row[] = [];
	const options: RunOptions = {
		keep: flags.text("keep"),
		decayFactor: flags.number(
			"decay-factor",
			readMemorySettings(null).settings.scoring.relevance.consolidatedDecayFactor,
		),
		minSize: flags.number("min-size", 2),
	};
	const only = flags.text("conversation");
	for (const conversation of await loadLocomo(dataPath))
		if (only === undefined || conversation.id === only) rows.push(await runConversation(conversation, options));
	const r3 = (value: number): number => Number(value.toFixed(3));
	const cells = rows.map((row): Cell[] => [
		row.conversation,
		row.turns,
		row.clusters,
		row.clustered,
		row.largest,
		row.oneSession,
		Math.round(row.clusterMs),
		Math.round(row.consolidateMs),
		row.questions,
		r3(row.before),
		r3(row.after),
		r3(row.turnsOnly),
	]);
	const weighted = (pick: (row: Row) => number): number =>
		r3(
			rows.reduce((sum, row) => sum + pick(row) * row.questions, 0) /
				Math.max(
					1,
					rows.reduce((sum, row) => sum + row.questions, 0),
				),
		);
	const sum = (pick: (row: Row) => number): number => rows.reduce((total, row) => total + pick(row), 0);
	cells.push([
		"all",
		sum((row) => row.turns),
		sum((row) => row.clusters),
		sum((row) => row.clustered),
		Math.max(...rows.map((row) => row.largest)),
		sum((row) => row.oneSession),
		Math.round(sum((row) => row.clusterMs)),
		Math.round(sum((row) => row.consolidateMs)),
		sum((row) => row.questions),
		weighted((row) => row.before),
		weighted((row) => row.after),
		weighted((row) => row.turnsOnly),
	]);
	printLine(
		formatTable(
			[
				"conversation",
				"turns",
				"clusters",
				"clustered turns",
				"largest",
				"one session",
				"cluster ms",
				"consolidate ms",
				"questions",
				"R@10 before",
				"R@10 after",
				"R@10 after, turns only",
			],
			cells,
		),
	);
}

await main();
