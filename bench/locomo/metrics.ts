import { sessionOf } from "./locomo-data";

/** The scores of one question, from the dia ids recall returned (best first). */
export interface QuestionScores {
	recallAt5: number;
	recallAt10: number;
	/** 1 / rank of the first evidence turn among the returned ones, 0 if none. */
	reciprocalRank: number;
	/** Share of the evidence's sessions among the sessions of the top 5 turns. */
	sessionRecallAt5: number;
}

export function scoreQuestion(returned: readonly string[], evidence: readonly string[]): QuestionScores {
	const wanted = new Set(evidence);
	const found = (k: number): number => returned.slice(0, k).filter((id) => wanted.has(id)).length / wanted.size;
	const first = returned.findIndex((id) => wanted.has(id));
	const evidenceSessions = new Set(evidence.map(sessionOf));
	const topSessions = new Set(returned.slice(0, 5).map(sessionOf));
	const sessionsFound = [...evidenceSessions].filter((session) => topSessions.has(session)).length;
	return {
		recallAt5: found(5),
		recallAt10: found(10),
		reciprocalRank: first < 0 ? 0 : 1 / (first + 1),
		sessionRecallAt5: sessionsFound / evidenceSessions.size,
	};
}

/** Sums scores so that averages per group can be taken at the end. */
export class ScoreTotals {
	count = 0;
	private sums: QuestionScores = { recallAt5: 0, recallAt10: 0, reciprocalRank: 0, sessionRecallAt5: 0 };

	add(scores: QuestionScores): void {
		this.count++;
		for (const key of Object.keys(this.sums) as (keyof QuestionScores)[]) this.sums[key] += scores[key];
	}

	mean(): QuestionScores {
		const n = Math.max(1, this.count);
		return {
			recallAt5: this.sums.recallAt5 / n,
			recallAt10: this.sums.recallAt10 / n,
			reciprocalRank: this.sums.reciprocalRank / n,
			sessionRecallAt5: this.sums.sessionRecallAt5 / n,
		};
	}
}
