/**
 * LoCoMo retrieval: every dialogue turn of the dev conversations is a memory, every question of
 * categories 1–4 is asked through recall (read-only), and the evidence turns are looked for in
 * the results.
 *
 *   npm run bench -- locomo [--data FILE] [--model-path DIR] [--no-model] [--ablation] [--via store|http] [--store-dir DIR] [--no-pass] [--dump FILE]
 *                           [--settings JSON] [--keyword-settings JSON] [--fusion relative|rrf] [--diversity X]
 *
 * --model-path: a local model folder laid out like the hub (<root>/<owner>/<name>/ with config.json,
 * tokenizer.json and onnx/model.onnx); without it (c) uses the project's fixture model.
 * --ablation adds rows that switch single stages off, to show what each adds.
 * "coverage only" ranks by how many of the question's words a memory contains: the baseline the
 * pipelines must beat (bench/locomo/coverage-baseline.ts).
 * --via store|http also stores every turn the way an agent does (bench/locomo/store-path.ts), through
 * `engine.writer.store` or `memory_store` over the real MCP server, and prints both paths side by side.
 * After the tables: the same modes on a real vault with questions of our own
 * (bench/kepano-questions.ts; --corpus DIR for the folder), and on a synthetic vault of 2,000 notes with
 * questions drawn from it by rule (bench/synthetic-questions.ts).
 * --store-dir DIR keeps the stored vaults there and reuses them on the next run (only recall is redone).
 * --dump FILE writes every question with the turns each pipeline returned (best first) and its
 * evidence, as JSON, to diff two runs or the two paths question by question.
 * The store path runs one maintenance pass before the questions (retention, communities), as a
 * server does on its interval; --no-pass asks right after the last store.
 *
 * The data is read at run time from ../shared/eval/locomo/locomo-dev.json; none of it is in the repo.
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { basename, dirname, resolve } from "node:path";
import type { Embedder } from "../src/core/model/embedder";
import { createTransformersEmbedder } from "../src/embeddings/transformers-embedder";
import { DEFAULT_RECALL_PIPELINE, type RecallPipeline } from "../src/core/recall/recall-types";
import { parseFlags } from "./flags";
import { loadLocomo } from "./locomo/locomo-data";
import { ScoreTotals } from "./locomo/metrics";
import { runConversation, type ScoredQuestion, type Variant } from "./locomo/run-conversation";
import { runStorePath, type StoreMode, type StoreVia } from "./locomo/store-path";
import { scoreCorpus } from "./locomo/corpus-questions";
import { KEPANO_QUESTIONS } from "./kepano-questions";
import { benchVault } from "./bench-vaults";
import { syntheticPlan } from "./generate-vault";
import { syntheticQuestions } from "./synthetic-questions";
import { formatTable, type Cell } from "./table";
import { printLine } from "../src/node/cli/terminal";

const CATEGORY_NAMES: Record<number, string> = { 1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop" };
const CATEGORIES = new Set([1, 2, 3, 4]);
/** The synthetic vault of the third data set: big enough for rare words to be rare, quick to index. */
const SYNTHETIC_NOTES = 2000;
const SYNTHETIC_SEED = 1;
const FIXTURE_MODEL_ID = "causal-memory/fixture-minilm";
const FIXTURE_ROOT = resolve(".tmp/models");

function variants(pipeline: RecallPipeline, withModel: boolean, ablation: boolean): Variant[] {
	const list: Variant[] = [
		{ label: "(a) keyword", mode: "keyword", pipeline },
		{ label: "(b) keyword+graph", mode: "keyword+graph", pipeline },
		{ label: "coverage only", mode: "coverage", pipeline },
	];
	if (withModel) list.push({ label: "(c) full", mode: "full", pipeline });
	if (ablation) {
		list.push(
			{ label: "(b) without diversity", mode: "keyword+graph", pipeline: { ...pipeline, diversity: 1 } },
			{ label: "(b) with RRF fusion", mode: "keyword+graph", pipeline: { ...pipeline, fusion: "rrf" } },
			{ label: "(b) RRF, no diversity", mode: "keyword+graph", pipeline: { fusion: "rrf", diversity: 1 } },
		);
		if (withModel) list.push({ label: "(c) without diversity", mode: "full", pipeline: { ...pipeline, diversity: 1 } });
	}
	return list;
}

function pipelineOf(fusion: string | undefined, diversity: number): RecallPipeline {
	if (fusion !== undefined && fusion !== "relative" && fusion !== "rrf")
		throw new Error(`--fusion must be "relative" or "rrf" (got "${fusion}")`);
	if (!(diversity >= 0 && diversity <= 1)) throw new Error(`--diversity must be from 0 to 1 (got ${diversity})`);
	return { fusion: fusion ?? DEFAULT_RECALL_PIPELINE.fusion, diversity };
}

/** A hub-style model folder `<root>/<owner>/<name>/` → transformers.js' local root and model id. */
function modelLocation(folder: string): { root: string; modelId: string } {
	const absolute = resolve(folder);
	const name = basename(absolute);
	const owner = basename(dirname(absolute));
	return { root: `${dirname(dirname(absolute))}/`, modelId: `${owner}/${name}` };
}

async function loadEmbedder(modelPath: string | undefined): Promise<{ embedder: Embedder; label: string } | null> {
	if (modelPath !== undefined) {
		const { root, modelId } = modelLocation(modelPath);
		return {
			embedder: await createTransformersEmbedder({ modelId, localModelPath: root }),
			label: `model ${modelId} from ${root}`,
		};
	}
	if (!existsSync(resolve(FIXTURE_ROOT, FIXTURE_MODEL_ID, "config.json"))) return null;
	const embedder = await createTransformersEmbedder({ modelId: FIXTURE_MODEL_ID, localModelPath: `${FIXTURE_ROOT}/` });
	return {
		embedder,
		label: `the project's FIXTURE model ${FIXTURE_MODEL_ID} (a toy with a few hundred words, not a real sentence model; pass --model-path <folder> for a real one)`,
	};
}

function json(text: string | undefined, flag: string): Record<string, unknown> | undefined {
	if (text === undefined) return undefined;
	try {
		return JSON.parse(text) as Record<string, unknown>;
	} catch {
		throw new Error(`--${flag} must be JSON, e.g. --${flag} '{"spreading":{"hops":2}}'`);
	}
}

const round = (value: number): number => Number(value.toFixed(3));

function viaOf(flag: string | undefined): StoreVia | undefined {
	if (flag === undefined || flag === "store" || flag === "http") return flag;
	throw new Error(`--via must be "store" or "http" (got "${flag}")`);
}

/** Per category 1–4 then all: the label, the question count and the mean scores rounded. */
function categoryRows(questions: readonly ScoredQuestion[]): [string, number, number[]][] {
	const groups: [string, readonly ScoredQuestion[]][] = [
		...[...CATEGORIES].map((category): [string, ScoredQuestion[]] => [
			`${category} ${CATEGORY_NAMES[category]}`,
			questions.filter((q) => q.category === category),
		]),
		["all 1–4", questions],
	];
	return groups.map(([label, group]) => {
		const totals = new ScoreTotals();
		for (const question of group) totals.add(question.scores);
		const mean = totals.mean();
		const scores = [mean.recallAt5, mean.recallAt10, mean.reciprocalRank, mean.sessionRecallAt5].map(round);
		return [label, totals.count, scores];
	});
}

interface StoreRun {
	via: StoreVia;
	modes: StoreMode[];
	scored: Map<StoreMode, ScoredQuestion[]>;
	stores: number;
	duplicates: number;
	storeSeconds: number;
	reused: boolean;
	pass: boolean;
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const dataPath = resolve(flags.text("data") ?? "../shared/eval/locomo/locomo-dev.json");
	if (!existsSync(dataPath)) throw new Error(`LoCoMo data not found at ${dataPath}; pass --data FILE`);
	const conversations = await loadLocomo(dataPath);
	const via = viaOf(flags.text("via"));
	const loaded = flags.has("no-model") ? null : await loadEmbedder(flags.text("model-path"));
	const pipeline = pipelineOf(flags.text("fusion"), flags.number("diversity", DEFAULT_RECALL_PIPELINE.diversity));
	const measured = variants(pipeline, loaded !== null, flags.has("ablation"));
	const recallSettings = json(flags.text("settings"), "settings");
	const keywordSettings = json(flags.text("keyword-settings"), "keyword-settings");
	const storeModes: StoreMode[] =
		via === "http" ? ["keyword+graph", "coverage"] : ["keyword", "keyword+graph", "coverage"];
	const store: StoreRun | undefined = via && {
		via,
		modes: storeModes,
		scored: new Map(storeModes.map((mode) => [mode, []])),
		stores: 0,
		duplicates: 0,
		storeSeconds: 0,
		reused: false,
		pass: !flags.has("no-pass"),
	};

	const started = performance.now();
	const scored = new Map<string, ScoredQuestion[]>(measured.map((variant) => [variant.label, []]));
	for (const conversation of conversations) {
		const results = await runConversation(conversation, {
			variants: measured,
			categories: CATEGORIES,
			embedder: loaded?.embedder,
			recallSettings,
			keywordSettings,
		});
		for (const [label, questions] of results) scored.get(label)?.push(...questions);
		if (store) {
			const run = await runStorePath(conversation, {
				via: store.via,
				modes: store.modes,
				categories: CATEGORIES,
				recallSettings,
				keywordSettings,
				storeDir: flags.text("store-dir"),
				pass: !flags.has("no-pass"),
			});
			store.reused ||= run.reused;
			for (const [mode, questions] of run.scored) store.scored.get(mode)?.push(...questions);
			store.stores += run.stores;
			store.duplicates += run.duplicates;
			store.storeSeconds += run.storeSeconds;
		}
	}
	await loaded?.embedder.dispose();

	const turns = conversations.reduce(
		(sum, c) => sum + c.sessions.reduce((s, session) => s + session.turns.length, 0),
		0,
	);
	const unknown = conversations.flatMap((c) => c.unknownEvidence);
	printLine(`LoCoMo retrieval: ${conversations.length} conversations, ${turns} turns, data ${dataPath}`);
	printLine(
		`unknown evidence ids dropped: ${unknown.length} (${unknown.join(", ")}); questions without evidence are skipped`,
	);
	printLine(
		`(c) embedder: ${loaded ? loaded.label : "none (--no-model, or no fixture model yet: run the tests once to generate it, or pass --model-path)"}`,
	);
	printLine(
		`pipeline: ${pipeline.fusion} fusion, community diversity ${pipeline.diversity}; recall settings ${flags.text("settings") ?? "defaults"}; keyword settings ${flags.text("keyword-settings") ?? "defaults"}`,
	);
	printLine(
		`metrics: turn-level recall@5/@10 and MRR over the top 10; session recall@5 = evidence sessions found among the sessions of the top 5 turns\n`,
	);

	const rows: Cell[][] = [];
	for (const { label: pipelineLabel } of measured) {
		for (const [label, count, scores] of categoryRows(scored.get(pipelineLabel) ?? []))
			rows.push([pipelineLabel, label, count, ...scores]);
	}
	printLine(formatTable(["pipeline", "category", "questions", "R@5", "R@10", "MRR", "session R@5"], rows));
	if (store) printStorePath(store, measured, scored);
	const dump = flags.text("dump");
	if (dump !== undefined) await dumpQuestions(dump, scored, store);
	await printCorpus(resolve(flags.text("corpus") ?? "../shared/corpora/kepano-obsidian"), recallSettings);
	await printSynthetic(recallSettings);
	printLine(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The same pipelines on a real vault that is not a chat log, with questions written for it. */
async function printCorpus(dir: string, recallSettings: Record<string, unknown> | undefined): Promise<void> {
	if (!existsSync(dir)) {
		printLine(`\nsecond data set: ${dir} not found, skipped (--corpus DIR)`);
		return;
	}
	const modes = ["keyword", "keyword+graph", "coverage"] as const;
	const rows: Cell[][] = [];
	const runs: [string, Record<string, unknown> | undefined][] = [
		["", recallSettings],
		[
			" (coverage exponent 0)",
			{ ...recallSettings, fusion: { ...(recallSettings?.fusion ?? {}), coverageExponent: 0 } },
		],
	];
	for (const [suffix, settings] of runs) {
		const scores = await scoreCorpus(dir, KEPANO_QUESTIONS, suffix === "" ? modes : modes.slice(0, 2), settings);
		for (const [mode, score] of scores)
			rows.push([
				`${mode}${suffix}`,
				score.questions,
				round(score.recallAt5),
				round(score.recallAt10),
				round(score.reciprocalRank),
			]);
	}
	printLine(`\nsecond data set: ${dir}, ${KEPANO_QUESTIONS.length} questions of bench/kepano-questions.ts`);
	printLine(formatTable(["mode", "questions", "R@5", "R@10", "MRR"], rows));
}

/**
 * The same pipelines on a synthetic vault (bench/generate-vault.ts) with questions drawn from it by
 * rule (bench/synthetic-questions.ts), one row per kind of question.
 */
async function printSynthetic(recallSettings: Record<string, unknown> | undefined): Promise<void> {
	const vault = await benchVault(SYNTHETIC_NOTES, SYNTHETIC_SEED);
	const questions = await syntheticQuestions(
		vault.dir,
		syntheticPlan(SYNTHETIC_NOTES, SYNTHETIC_SEED).plan,
		SYNTHETIC_SEED,
	);
	const modes = ["keyword", "keyword+graph", "coverage"] as const;
	const rows: Cell[][] = [];
	for (const kind of ["words", "alias", "cause"] as const) {
		const asked = questions.filter((question) => question.kind === kind);
		for (const [mode, score] of await scoreCorpus(vault.dir, asked, modes, recallSettings))
			rows.push([
				kind,
				mode,
				score.questions,
				round(score.recallAt5),
				round(score.recallAt10),
				round(score.reciprocalRank),
			]);
	}
	printLine(
		`\nthird data set: synthetic vault ${vault.dir} (${SYNTHETIC_NOTES} notes, seed ${SYNTHETIC_SEED}), ${questions.length} questions drawn by bench/synthetic-questions.ts`,
	);
	printLine(formatTable(["kind", "mode", "questions", "R@5", "R@10", "MRR"], rows));
}

/** Every question with what each pipeline returned: `{ "<pipeline>": [{ question, returned, evidence, … }] }`. */
async function dumpQuestions(
	file: string,
	scored: Map<string, ScoredQuestion[]>,
	store: StoreRun | undefined,
): Promise<void> {
	const pipelines: Record<string, ScoredQuestion[]> = Object.fromEntries(scored);
	for (const [mode, questions] of store?.scored ?? []) pipelines[`store ${mode}`] = questions;
	await writeFile(file, JSON.stringify(pipelines));
	printLine(`\nquestions written to ${file}`);
}

/** The store path next to the static path of the same recall mode. */
function printStorePath(store: StoreRun, measured: readonly Variant[], scored: Map<string, ScoredQuestion[]>): void {
	const how = store.via === "http" ? "memory_store over HTTP (MCP SDK client, 127.0.0.1)" : "engine.writer.store";
	printLine(
		`\nstore path: every turn stored through ${how}, title from the content, memory_created at the session's time (+1 min a turn), source_session, related_to the previous turn; ${store.pass ? "one maintenance pass, then " : ""}questions asked read-only${store.via === "http" ? " through memory_recall" : ""}`,
	);
	if (store.reused) printLine(`vaults stored earlier, indexed from --store-dir: no store timing\n`);
	else
		printLine(
			`${store.stores} stores in ${store.storeSeconds.toFixed(1)} s (${Math.round(store.stores / store.storeSeconds)}/s, load ${loadavg()[0].toFixed(1)}), ${store.duplicates} answered "duplicate" (scored as the memory they repeat)\n`,
		);
	const rows: Cell[][] = [];
	for (const mode of store.modes) {
		const staticVariant = measured.find((variant) => variant.mode === mode);
		const staticRows = categoryRows(staticVariant ? (scored.get(staticVariant.label) ?? []) : []);
		for (const [i, [label, count, scores]] of categoryRows(store.scored.get(mode) ?? []).entries())
			rows.push([mode, label, count, ...staticRows[i][2], ...scores]);
	}
	const metrics = ["R@5", "R@10", "MRR", "sess R@5"];
	printLine(
		formatTable(
			["mode", "category", "questions", ...metrics.map((m) => `static ${m}`), ...metrics.map((m) => `store ${m}`)],
			rows,
		),
	);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exitCode = 1;
});
