import { afterEach, describe, expect, it } from "vitest";
import type { LoadedNote, VaultEventListener } from "../../../src/core/model/vault";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import { bagOfWordsEmbedder } from "../../helpers/bag-of-words-embedder";
import { MemoryVault } from "../../helpers/memory-vault";
import { NOW, startEngine, stopEngines, testSettings } from "./writer-harness";
import { setTimeout } from "node:timers";

afterEach(stopEngines);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A vault on a busy machine: every read takes a while (a different while each time, so reads
 * finish out of order) and the watcher reports changes late. With no delay at all the watcher
 * reports a change as it happens, before the write returns.
 */
class BusyVault extends MemoryVault {
	constructor(
		notes: Record<string, string>,
		private readonly delay: (() => number) | null,
	) {
		super(notes);
		this.now = NOW;
	}

	override async load(path: string): Promise<LoadedNote | null> {
		if (this.delay) await sleep(this.delay());
		return super.load(path);
	}

	override watch(listener: VaultEventListener): () => void {
		const delay = this.delay;
		return super.watch(delay ? (event) => void sleep(40 + delay()).then(() => listener(event)) : listener);
	}
}

const NOTES: Record<string, string> = {
	"Ops/Deploys.md": "Deploys go out on Tuesdays. caused_by:: [[Release train]]",
	"Ops/Release train.md": "The release train leaves every two weeks. supports:: [[Deploys]]",
	"Ops/Database.md": "The staging database is Postgres on a small machine.",
	"People/Alice.md": "Alice owns the billing service. related_to:: [[Billing]]",
	"Billing.md": "Invoices are sent on the first day of the month.",
	"Garden.md": "Tomatoes need more water in July.",
};

const MEMORIES = [
	{
		content: "The billing service pages Alice when invoices fail to send.",
		query: "who gets paged when invoices fail",
	},
	{ content: "Staging Postgres runs version sixteen since the upgrade in March.", query: "staging postgres version" },
	{ content: "Deploys are frozen during the release train week before holidays.", query: "deploy freeze holidays" },
];

type Ranking = { path: string; score: number; relevance: number }[];

/** Stores the memories one by one, each recalled by the very next call; returns those rankings. */
async function storeAndRecall(engine: MemoryEngine): Promise<{ stored: string[]; rankings: Ranking[] }> {
	const stored: string[] = [];
	const rankings: Ranking[] = [];
	for (const memory of MEMORIES) {
		const { nodeId } = await engine.writer.store({ content: memory.content });
		stored.push(nodeId);
		const recalled = await engine.recall(memory.query, { readOnly: true });
		// To 10 digits: a note re-indexed unchanged moves the running mean of note lengths in the last bits.
		const digits = (value: number) => Number(value.toPrecision(10));
		rankings.push(
			recalled.results.map((hit) => ({ path: hit.path, score: digits(hit.score), relevance: digits(hit.relevance) })),
		);
	}
	return { stored, rankings };
}

async function busyEngine(delay: (() => number) | null, embedderDelayMs: number) {
	const { engine } = await startEngine(new BusyVault(NOTES, delay), testSettings());
	await engine.useEmbedder(bagOfWordsEmbedder({ delayMs: embedderDelayMs }));
	await engine.recallService.noteEmbeddings?.whenIdle();
	return engine;
}

describe("read-your-writes: a stored memory is recalled, ranked, by the very next call", () => {
	it("on a busy machine (slow reads, late watcher, slow model) the stored memory comes first with its embedding", async () => {
		const engine = await busyEngine(() => 5 + Math.floor(Math.random() * 20), 150);
		const { stored, rankings } = await storeAndRecall(engine);
		for (const [i, ranking] of rankings.entries()) {
			expect(ranking[0]?.path).toBe(stored[i]);
			expect(ranking[0]?.relevance).toBeGreaterThan(0.5);
			expect(ranking[0]?.score).toBeGreaterThan(0);
		}
		const again = await engine.recall(MEMORIES[0].query, { readOnly: true });
		expect(again.vector).toBe(true);
		expect(again.results[0]?.why.similarity).toBeGreaterThan(0);
	});

	it("gives the same scores on a busy machine as on a quiet one, run after run", async () => {
		const quiet = await storeAndRecall(await busyEngine(null, 0));
		await stopEngines();
		const busy = await storeAndRecall(await busyEngine(() => Math.floor(Math.random() * 30), 120));
		await stopEngines();
		const busyAgain = await storeAndRecall(await busyEngine(() => Math.floor(Math.random() * 30), 60));
		expect(busy).toEqual(quiet);
		expect(busyAgain).toEqual(quiet);
	});
});
