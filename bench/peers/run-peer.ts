import type { LocomoConversation } from "../locomo/locomo-data";
import { scoreQuestion, type QuestionScores } from "../locomo/metrics";
import { mergeKeywordHits, questionKeywords, turnsOf } from "./answer-ranking";
import type { Peer, PeerServer } from "./peer-server";
import { peerTurns } from "./peer-turns";

/** How a question is put to a peer: whole (one call), or keyword by keyword (one call each, merged). */
type AskMode = "question" | "keywords";

export interface AskedQuestion {
	category: number;
	scores: QuestionScores;
	/** Wall time of all the calls for this question, ms. */
	ms: number;
	calls: number;
	/** Characters of all the answers' text. */
	characters: number;
}

export interface PeerRun {
	peer: string;
	version: string;
	/** Set when the peer failed to start or a call failed: its figures must not be read as results. */
	failure?: string;
	turns: number;
	/** Turns whose store answered with a memory that already held another turn (ours: a duplicate). */
	merged: number;
	storeMs: number;
	peakRssBytes?: number;
	asked: Map<AskMode, AskedQuestion[]>;
}

export interface RunPeerOptions {
	categories: ReadonlySet<number>;
	/** Progress lines. */
	log(line: string): void;
}

/**
 * Gives each conversation to a fresh server of the peer: every turn stored one after another,
 * then every question asked (read-only), in each mode the peer needs. A failure stops the peer
 * and is kept in the run.
 */
export async function runPeer(
	peer: Peer,
	conversations: readonly LocomoConversation[],
	options: RunPeerOptions,
): Promise<PeerRun> {
	const modes: AskMode[] = peer.askByKeyword ? ["question", "keywords"] : ["question"];
	const run: PeerRun = {
		peer: peer.name,
		version: "?",
		turns: 0,
		merged: 0,
		storeMs: 0,
		asked: new Map(modes.map((mode) => [mode, []])),
	};
	for (const conversation of conversations) {
		let server: PeerServer | undefined;
		try {
			server = await peer.start();
			run.version = versionOf(peer);
			await runConversation(server, conversation, modes, run, options);
			const peak = server.peakRssBytes();
			if (peak !== undefined) run.peakRssBytes = Math.max(run.peakRssBytes ?? 0, peak);
		} catch (error) {
			run.failure = `${conversation.id}: ${error instanceof Error ? error.message : String(error)}`;
			run.version = versionOf(peer);
			options.log(`${peer.name} FAILED on ${run.failure}`);
			return run;
		} finally {
			await server?.stop().catch(() => undefined);
		}
	}
	return run;
}

async function runConversation(
	server: PeerServer,
	conversation: LocomoConversation,
	modes: readonly AskMode[],
	run: PeerRun,
	options: RunPeerOptions,
): Promise<void> {
	const diaIdOf = new Map<string, string>();
	const turns = peerTurns(conversation);
	const started = performance.now();
	for (const turn of turns) {
		const handle = await server.store(turn);
		if (diaIdOf.has(handle)) run.merged++;
		else diaIdOf.set(handle, turn.diaId);
	}
	const storeMs = performance.now() - started;
	run.turns += turns.length;
	run.storeMs += storeMs;

	const questions = conversation.questions.filter(
		(question) => options.categories.has(question.category) && question.evidence.length > 0,
	);
	for (const mode of modes) {
		for (const question of questions) {
			const queries = mode === "question" ? [question.question] : questionKeywords(question.question);
			const answers: string[][] = [];
			let characters = 0;
			const asked = performance.now();
			for (const query of queries) {
				const answer = await server.ask(query);
				answers.push(answer.handles);
				characters += answer.characters;
			}
			const ms = performance.now() - asked;
			const ranked = mode === "question" ? (answers[0] ?? []) : mergeKeywordHits(answers);
			run.asked.get(mode)?.push({
				category: question.category,
				// Scored on the first 10 turns, as memory_recall returns k = 10.
				scores: scoreQuestion(turnsOf(ranked, diaIdOf).slice(0, 10), question.evidence),
				ms,
				calls: queries.length,
				characters,
			});
		}
	}
	options.log(
		`${run.peer} ${conversation.id}: ${turns.length} turns stored in ${(storeMs / 1000).toFixed(1)} s, ${questions.length} questions asked (${modes.join(", ")})`,
	);
}

function versionOf(peer: Peer): string {
	try {
		return peer.version();
	} catch {
		return "not installed";
	}
}
