import { parseRecallSettings, type RecallSettingsInput } from "../../src/core/model/recall-settings";
import type { RecallMode } from "../../src/core/recall/recall-types";
import { VaultIndex } from "../../src/engine/index/vault-index";
import { RecallService } from "../../src/engine/recall/recall-service";
import { FsVault } from "../../src/node/fs/fs-vault";
import type { CorpusQuestion } from "../kepano-questions";
import { coverageRanking } from "./coverage-baseline";

export interface CorpusScores {
	questions: number;
	recallAt5: number;
	recallAt10: number;
	reciprocalRank: number;
}

/** Indexes a vault folder read-only and asks each question in each mode (and the coverage baseline). */
export async function scoreCorpus(
	dir: string,
	questions: readonly CorpusQuestion[],
	modes: readonly (RecallMode | "coverage")[],
	recallSettings?: RecallSettingsInput,
): Promise<Map<string, CorpusScores>> {
	const settings = parseRecallSettings(recallSettings ?? {});
	const recall = new RecallService({ settings: () => settings });
	const index = new VaultIndex(new FsVault(dir), { onLoaded: recall.noteLoaded });
	recall.attach(index);
	await index.build();
	recall.refreshCommunities();
	const results = new Map<string, CorpusScores>();
	for (const mode of modes) {
		const totals = { questions: 0, recallAt5: 0, recallAt10: 0, reciprocalRank: 0 };
		for (const { question, answers } of questions) {
			const missing = answers.filter((path) => !index.graph.hasNote(path));
			if (missing.length > 0) throw new Error(`${dir} has no note ${missing.join(", ")}`);
			const returned =
				mode === "coverage"
					? coverageRanking(recall.keyword, question, 10)
					: (await recall.recall(question, { k: 10, mode, readOnly: true })).results.map((hit) => hit.path);
			const found = (k: number) =>
				returned.slice(0, k).filter((path) => answers.includes(path)).length / answers.length;
			const first = returned.findIndex((path) => answers.includes(path));
			totals.questions++;
			totals.recallAt5 += found(5);
			totals.recallAt10 += found(10);
			totals.reciprocalRank += first < 0 ? 0 : 1 / (first + 1);
		}
		const n = Math.max(1, totals.questions);
		results.set(mode, {
			questions: totals.questions,
			recallAt5: totals.recallAt5 / n,
			recallAt10: totals.recallAt10 / n,
			reciprocalRank: totals.reciprocalRank / n,
		});
	}
	recall.dispose();
	return results;
}
