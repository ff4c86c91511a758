import { printLine } from "../../src/node/cli/terminal";
import { ScoreTotals } from "../locomo/metrics";
import { percentile } from "../percentile";
import { formatTable, type Cell } from "../table";
import type { AskedQuestion, PeerRun } from "./run-peer";

const CATEGORY_NAMES: Record<number, string> = { 1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop" };
const FAILED = "FAILED";

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));
const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

function rowsByMode(runs: readonly PeerRun[], cells: (asked: AskedQuestion[]) => Cell[]): Cell[][] {
	return runs.flatMap((run) =>
		[...run.asked].map(([mode, asked]): Cell[] =>
			run.failure === undefined ? [run.peer, mode, asked.length, ...cells(asked)] : [run.peer, mode, FAILED],
		),
	);
}

/** The servers (version, store speed, peak RSS), quality overall and by category, and the cost of asking. */
export function printPeerTables(runs: readonly PeerRun[]): void {
	printLine(
		formatTable(
			["peer", "version", "turns", "merged", "store turns/s", "peak RSS MB", "status"],
			runs.map((run) => [
				run.peer,
				run.version,
				run.turns,
				run.merged,
				run.failure === undefined ? round(run.turns / (run.storeMs / 1000), 1) : FAILED,
				run.peakRssBytes === undefined ? "n/a" : round(run.peakRssBytes / 2 ** 20, 0),
				run.failure === undefined ? "ok" : `${FAILED}: ${run.failure.split("\n")[0].slice(0, 160)}`,
			]),
		),
	);
	printLine("\nQuality (scored on the first 10 turns of the answer; session R@5 from the first 5)\n");
	printLine(
		formatTable(
			["peer", "asked as", "questions", "R@5", "R@10", "MRR", "session R@5"],
			rowsByMode(runs, (asked) => {
				const totals = new ScoreTotals();
				for (const question of asked) totals.add(question.scores);
				const scores = totals.mean();
				return [
					round(scores.recallAt5),
					round(scores.recallAt10),
					round(scores.reciprocalRank),
					round(scores.sessionRecallAt5),
				];
			}),
		),
	);
	printLine("\nR@10 by category\n");
	printLine(
		formatTable(
			["peer", "asked as", "questions", ...Object.entries(CATEGORY_NAMES).map(([n, name]) => `${n} ${name}`)],
			rowsByMode(runs, (asked) =>
				Object.keys(CATEGORY_NAMES).map((category) => {
					const group = asked.filter((question) => question.category === Number(category));
					return group.length === 0 ? "–" : round(mean(group.map((question) => question.scores.recallAt10)));
				}),
			),
		),
	);
	printLine("\nAsking: per question (all its calls, one after another); ≈ tokens = characters / 4\n");
	printLine(
		formatTable(
			["peer", "asked as", "questions", "calls", "p50 ms", "p95 ms", "chars mean", "chars p95", "≈ tokens mean"],
			rowsByMode(runs, (asked) => {
				if (asked.length === 0) return [];
				const characters = asked.map((question) => question.characters);
				return [
					round(mean(asked.map((question) => question.calls)), 1),
					round(
						percentile(
							asked.map((question) => question.ms),
							50,
						),
						1,
					),
					round(
						percentile(
							asked.map((question) => question.ms),
							95,
						),
						1,
					),
					Math.round(mean(characters)),
					percentile(characters, 95),
					Math.round(mean(characters) / 4),
				];
			}),
		),
	);
}
