import { describe, expect, it } from "vitest";
import type { LocomoConversation } from "../../../bench/locomo/locomo-data";
import type { Peer, PeerServer, PeerTurn } from "../../../bench/peers/peer-server";
import { runPeer } from "../../../bench/peers/run-peer";

const conversation: LocomoConversation = {
	id: "c1",
	unknownEvidence: [],
	sessions: [
		{
			number: 1,
			date: "9 am on 2 March, 2024",
			turns: [
				{ diaId: "D1:1", session: 1, speaker: "Ann", text: "I adopted a cat called Miso." },
				{ diaId: "D1:2", session: 1, speaker: "Bo", text: "Miso is a lovely name for a cat." },
				{ diaId: "D1:3", session: 1, speaker: "Ann", text: "We moved to Lyon in June." },
			],
		},
	],
	questions: [
		{ question: "Which cat did Ann adopt?", category: 4, evidence: ["D1:1"] },
		{ question: "Where did Ann move?", category: 2, evidence: ["D1:3"] },
		{ question: "An adversarial one", category: 5, evidence: ["D1:2"] },
	],
};

/** A substring server like the peers: hits are the stored texts containing the query, in stored order. */
function substringPeer(): Peer {
	return {
		name: "substring",
		askByKeyword: true,
		version: () => "fake 1",
		start: () => {
			const stored: PeerTurn[] = [];
			const server: PeerServer = {
				store: (turn) => {
					stored.push(turn);
					return Promise.resolve(`note-${turn.diaId}`);
				},
				ask: (query) => {
					const hits = stored.filter((turn) => turn.text.toLowerCase().includes(query.toLowerCase()));
					return Promise.resolve({ handles: hits.map((turn) => `note-${turn.diaId}`), characters: query.length });
				},
				peakRssBytes: () => 5 * 2 ** 20,
				stop: () => Promise.resolve(),
			};
			return Promise.resolve(server);
		},
	};
}

const options = { categories: new Set([1, 2, 3, 4]), log: () => undefined };

describe("runPeer", () => {
	it("stores every turn, then scores each question whole and keyword by keyword", async () => {
		const run = await runPeer(substringPeer(), [conversation], options);
		expect(run.failure).toBeUndefined();
		expect(run.turns).toBe(3);
		expect(run.peakRssBytes).toBe(5 * 2 ** 20);
		// Whole questions are substrings of no turn.
		expect(run.asked.get("question")?.map((q) => q.scores.recallAt10)).toEqual([0, 0]);
		// "cat", "ann", "adopt": D1:1 holds all three and comes first; "ann", "move": D1:3 holds both.
		const byKeyword = run.asked.get("keywords") ?? [];
		expect(byKeyword.map((q) => [q.category, q.calls, q.scores.reciprocalRank])).toEqual([
			[4, 3, 1],
			[2, 2, 1],
		]);
		expect(byKeyword[0].characters).toBe("cat".length + "ann".length + "adopt".length);
	});

	it("reports a peer that does not start as failed, with no figures", async () => {
		const broken: Peer = {
			...substringPeer(),
			start: () => Promise.reject(new Error("node 22 not found")),
		};
		const run = await runPeer(broken, [conversation], options);
		expect(run.failure).toBe("c1: node 22 not found");
		expect(run.version).toBe("fake 1");
		expect(run.turns).toBe(0);
		expect(run.asked.get("question")).toEqual([]);
	});
});
