import { clearTimeout } from "node:timers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Embedder } from "../../../src/core/model/embedder";
import { createTransformersEmbedder } from "../../../src/embeddings/transformers-embedder";
import { KeywordIndex } from "../../../src/core/recall/keyword/keyword-index";
import { ActivityStore } from "../../../src/engine/activity/activity-store";
import { EmbeddingCache } from "../../../src/engine/embeddings/embedding-cache";
import { fileStamp } from "../../../src/engine/recall/keyword-cache";
import { NoteEmbeddings } from "../../../src/engine/embeddings/note-embeddings";
import { CASCADE_COOLDOWN_MS, recordRecalls } from "../../../src/engine/recall/recall-reactivation";
import { RecallService } from "../../../src/engine/recall/recall-service";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { MemoryStorage } from "../../fakes/memory-storage";
import { MemoryVault } from "../../helpers/memory-vault";
import { ensureFixtureModel, FIXTURE_MODEL_ID, FIXTURE_MODEL_ROOT } from "../../setup/fixture-model";
import { indexedRecall } from "../../helpers/indexed-recall";
import { NODE_TIMERS } from "../../../src/node/node-timers";

const paths = (hits: { path: string }[]): string[] => hits.map((hit) => hit.path);

describe("RecallService.recall", () => {
	it("after a start over a cached keyword index, settles the new graph in slices while recall answers partial", async () => {
		const saved = await indexedRecall({
			"Budget v1.md": "The launch budget for the project is $50,000.",
			"Budget v2.md": "Revised after the review: the launch budget is now $80,000.",
			"Budget draft.md": "A launch budget draft nobody kept.",
		});
		const { vault } = saved;
		vault.write(
			"Budget v2.md",
			'---\nsupersedes: "[[Budget v1]]"\n---\nRevised after the review: the launch budget is now $80,000.',
		);
		vault.delete("Budget draft.md");
		const recall = new RecallService({ keywordIndex: saved.recall.keyword });
		const index = new VaultIndex(vault, { onLoaded: recall.noteLoaded });
		recall.attach(index);
		await index.build();
		expect(recall.keyword.has("Budget draft.md")).toBe(true);
		const settling = recall.settleAfterBuild(NODE_TIMERS, 0);
		const during = await recall.recall("launch budget", { readOnly: true });
		expect(during.partial).toBe(true);
		await settling;
		expect(recall.keyword.has("Budget draft.md")).toBe(false);
		const after = await recall.recall("launch budget", { readOnly: true });
		expect(after.partial).toBeUndefined();
		expect(paths(after.results).slice(0, 2)).toEqual(["Budget v2.md", "Budget v1.md"]);
		expect(after.results[1].supersededBy).toEqual(["Budget v2.md"]);
		expect(paths(after.results)).not.toContain("Budget draft.md");
	});

	it("after a rebuild, answers at once from the graph it updated in place", async () => {
		const { vault, index, recall } = await indexedRecall({
			"Budget v1.md": "The launch budget for the project is $50,000.",
			"Budget v2.md": "Revised after the review: the launch budget is now $80,000.",
			"Budget draft.md": "A launch budget draft nobody kept.",
		});
		expect((await recall.recall("launch budget", { readOnly: true })).partial).toBeUndefined();
		const graph = index.graph;
		vault.write(
			"Budget v2.md",
			'---\nsupersedes: "[[Budget v1]]"\n---\nRevised after the review: the launch budget is now $80,000.',
		);
		vault.delete("Budget draft.md");
		await index.build();
		expect(index.graph).toBe(graph);
		const after = await recall.recall("launch budget", { readOnly: true });
		expect(after.partial).toBeUndefined();
		expect(paths(after.results).slice(0, 2)).toEqual(["Budget v2.md", "Budget v1.md"]);
		expect(after.results[1].supersededBy).toEqual(["Budget v2.md"]);
		expect(paths(after.results)).not.toContain("Budget draft.md");
		expect(recall.keyword.has("Budget draft.md")).toBe(false);
	});

	it("ranks a superseded memory below its replacement and tags it with superseded_by", async () => {
		const { recall } = await indexedRecall({
			"Budget v1.md": "The launch budget for the project is $50,000.",
			"Budget v2.md": '---\nsupersedes: "[[Budget v1]]"\n---\nRevised after the review: now $80,000.',
		});
		const { results } = await recall.recall("launch budget project", { readOnly: true });
		expect(paths(results).slice(0, 2)).toEqual(["Budget v2.md", "Budget v1.md"]);
		expect(results[1].supersededBy).toEqual(["Budget v2.md"]);
		expect(results[0].supersededBy).toBeUndefined();
		expect(results[0].why.replaces).toEqual(["Budget v1.md"]);
	});

	it("finds a memory two causal hops from the only keyword hit, with the path that led there", async () => {
		const { recall } = await indexedRecall({
			"Checkout outage.md": '---\ncaused_by: "[[Release 4.2]]"\n---\nCheckout was down for an hour on Friday.',
			"Release 4.2.md": '---\ncaused_by: "[[Orders migration]]"\n---\nShipped the new payment form.',
			"Orders migration.md": "Renamed a column in the orders table.",
		});
		const graph = await recall.recall("checkout down", { readOnly: true });
		const migration = graph.results.find((hit) => hit.path === "Orders migration.md");
		expect(migration?.why.path).toEqual(["Checkout outage.md", "Release 4.2.md", "Orders migration.md"]);
		expect(migration?.why.edges).toEqual([
			{ type: "caused_by", direction: "forward" },
			{ type: "caused_by", direction: "forward" },
		]);
		expect(migration?.why.terms).toBeUndefined();
		expect(paths(graph.results)).not.toContain("Garden.md");

		const keywordOnly = await recall.recall("checkout down", { readOnly: true, mode: "keyword" });
		expect(paths(keywordOnly.results)).toEqual(["Checkout outage.md"]);
	});

	it("says which query terms matched", async () => {
		const { recall } = await indexedRecall({ "Plan.md": "The rollout plan for the mobile app." });
		const { results } = await recall.recall("mobile rollout", { readOnly: true });
		expect(results[0]).toMatchObject({ path: "Plan.md", title: "Plan", status: "active" });
		expect(results[0].why.terms?.sort()).toEqual(["mobile", "rollout"]);
	});

	it("leaves pruned memories out and injects a pinned memory that matched but missed the limit", async () => {
		const { recall } = await indexedRecall({
			"Old idea.md": "---\nmemory_status: pruned\n---\nA tram line to the harbour.",
			"Tram 1.md": "Tram tram tram harbour schedule.",
			"Tram 2.md": "Tram tram harbour timetable.",
			"Tram 3.md": "Tram harbour stop.",
			"Rule.md": "---\nmemory_pinned: true\n---\nAlways check the tram strike calendar and a dozen other things first.",
		});
		const { results } = await recall.recall("tram harbour", { k: 2, readOnly: true, mode: "keyword" });
		expect(paths(results)).toEqual(["Tram 1.md", "Rule.md"]);
		expect(results[1]).toMatchObject({ pinned: true, why: { injected: "pinned" } });
		const all = await recall.recall("tram harbour", { k: 20, readOnly: true });
		expect(paths(all.results)).not.toContain("Old idea.md");
	});

	it("gives a snippet by default and the whole text without frontmatter for verbosity full", async () => {
		const { recall, vault } = await indexedRecall(
			{ "Plan.md": `---\ntags: [x]\n---\nThe rollout plan.\n\n${"More detail. ".repeat(40)}` },
			{},
		);
		const withText = new RecallService({ read: (path) => vault.read(path) });
		const index = new VaultIndex(vault, { onLoaded: withText.noteLoaded });
		withText.attach(index);
		await index.build();
		const concise = await withText.recall("rollout plan", { readOnly: true, k: 1 });
		expect(concise.results[0].snippet).toMatch(/^The rollout plan\. More detail\./);
		expect(concise.results[0].snippet?.length).toBeLessThanOrEqual(280);
		expect(concise.results[0].content).toBeUndefined();
		const full = await withText.recall("rollout plan", { readOnly: true, k: 1, verbosity: "full" });
		expect(full.results[0].content).toBe(`The rollout plan.\n\n${"More detail. ".repeat(40)}`.trim());
		const withoutReader = await recall.recall("rollout plan", { readOnly: true, verbosity: "full" });
		expect(withoutReader.results[0].content).toBeUndefined();
		expect((await recall.recall("rollout plan", { readOnly: true })).results[0].snippet).toMatch(/^The rollout plan\./);

		await index.apply(vault.write("Plan.md", "The rollout plan, rewritten after the review."));
		expect((await withText.recall("rollout plan", { readOnly: true, k: 1 })).results[0].snippet).toBe(
			"The rollout plan, rewritten after the review.",
		);
	});

	it("rejects an empty query, an unknown mode and a bad result count with messages that say what to do", async () => {
		const { recall } = await indexedRecall({});
		await expect(recall.recall("  ")).rejects.toThrow(/use search with an empty query/);
		await expect(recall.recall("x", { mode: "vector" as never })).rejects.toThrow(/keyword, keyword\+graph, full/);
		await expect(recall.recall("x", { k: 0 })).rejects.toThrow(/whole number from 1 to 200 \(got 0\)/);
	});

	it("follows the vault: edits, renames and deletes change what recall finds", async () => {
		const { vault, index, recall } = await indexedRecall({ "Trip.md": "Flights to Lisbon in May." });
		index.start();
		vault.write("Trip.md", "Flights to Porto in June.");
		await index.idle();
		expect(paths((await recall.recall("lisbon", { readOnly: true })).results)).toEqual([]);
		expect(paths((await recall.recall("porto", { readOnly: true })).results)).toEqual(["Trip.md"]);
		vault.rename("Trip.md", "Travel/Porto trip.md");
		await index.idle();
		expect(paths((await recall.recall("porto", { readOnly: true })).results)).toEqual(["Travel/Porto trip.md"]);
		vault.delete("Travel/Porto trip.md");
		await index.idle();
		expect((await recall.recall("porto", { readOnly: true })).results).toEqual([]);
		index.stop();
	});

	it("takes over a cached keyword index: unchanged notes are not re-indexed at start, later events always re-index", async () => {
		const vault = new MemoryVault({ "Trip.md": "Flights to Lisbon in May." });
		const cached = new KeywordIndex();
		const file = await vault.stat("Trip.md");
		if (!file) throw new Error("no Trip.md");
		// What a cache saved from an earlier session would hold: other words under the same stamp.
		cached.add(
			{ id: "Trip.md", title: "Trip", aliases: [], headings: [], tags: [], body: "cached words" },
			fileStamp(file),
		);
		const recall = new RecallService({ keywordIndex: cached });
		const index = new VaultIndex(vault, { onLoaded: recall.noteLoaded });
		recall.attach(index);
		await index.build();
		expect(paths((await recall.recall("cached", { readOnly: true })).results)).toEqual(["Trip.md"]);
		await index.apply({ type: "modify", path: "Trip.md" });
		expect((await recall.recall("cached", { readOnly: true })).results).toEqual([]);
		expect(paths((await recall.recall("lisbon", { readOnly: true })).results)).toEqual(["Trip.md"]);
	});

	it("drops notes that a full rebuild no longer finds", async () => {
		const { vault, index, recall } = await indexedRecall({ "Trip.md": "Flights to Lisbon in May." });
		vault.delete("Trip.md");
		await index.build();
		expect((await recall.recall("lisbon", { readOnly: true })).results).toEqual([]);
		expect(recall.keyword.has("Trip.md")).toBe(false);
	});
});

describe("RecallService reactivation", () => {
	const files = {
		"Cause.md": "The vendor raised prices.",
		"Decision.md": '---\ncaused_by: "[[Cause]]"\n---\nWe switched the hosting vendor.',
		"Effect.md": '---\ncaused_by: "[[Decision]]"\n---\nMonthly bill went down.',
	};

	async function withActivity() {
		const storage = new MemoryStorage();
		const activity = await ActivityStore.open(storage, { clock: () => 1_700_000_500_000 });
		const cascades: string[][] = [];
		const record = recordRecalls(activity, () => 1_700_000_500_000);
		const env = await indexedRecall(files, {
			reactivate: async (returned, neighbours) => {
				cascades.push([...neighbours].sort());
				await record(returned, neighbours);
			},
		});
		return { ...env, storage, activity, cascades };
	}

	it("read_only changes nothing: the activity log and every note stay byte-identical", async () => {
		const { vault, storage, activity, recall, cascades } = await withActivity();
		await activity.flush();
		const notesBefore = new Map(vault.paths().map((path) => [path, vault.content(path)]));
		const filesBefore = new Map(storage.files);
		const writesBefore = storage.log.filter((op) => op !== "list" && op !== "read").length;

		const { results } = await recall.recall("hosting vendor", { readOnly: true });
		await activity.flush();

		expect(results.length).toBeGreaterThan(0);
		expect(new Map(vault.paths().map((path) => [path, vault.content(path)]))).toEqual(notesBefore);
		expect(vault.frontmatterWrites).toBe(0);
		expect(new Map(storage.files)).toEqual(filesBefore);
		expect(storage.log.filter((op) => op !== "list" && op !== "read").length).toBe(writesBefore);
		expect(activity.lastSeq).toBe(0);
		expect(cascades).toEqual([]);
	});

	it("otherwise records a recall for every returned memory and hands their other neighbours to the cascade", async () => {
		const { activity, recall, cascades } = await withActivity();
		const { results } = await recall.recall("hosting vendor", { k: 1, mode: "keyword" });
		expect(paths(results)).toEqual(["Decision.md"]);
		expect(activity.get("Decision.md")?.recalls.count).toBe(1);
		expect(activity.get("Decision.md")?.lastRecalled).toBe(1_700_000_500_000);
		expect(activity.get("Cause.md")?.recalls.count ?? 0).toBe(0);
		expect(cascades).toEqual([["Cause.md", "Effect.md"]]);
		expect(activity.get("Cause.md")?.lastCascaded).toBe(1_700_000_500_000);
		expect(activity.get("Effect.md")?.lastCascaded).toBe(1_700_000_500_000);
	});
});

describe("recordRecalls", () => {
	it("cascades to a neighbour at most once per cooldown, and never to one used within it", async () => {
		let now = 1_700_000_000_000;
		const activity = await ActivityStore.open(new MemoryStorage(), { clock: () => now });
		const reactivate = recordRecalls(activity, () => now);
		await activity.record({ kind: "open", path: "Opened.md", at: now });
		await reactivate(["Hub.md"], ["Leaf.md", "Opened.md"]);
		now += CASCADE_COOLDOWN_MS - 1;
		await reactivate(["Hub.md"], ["Leaf.md"]);
		expect(activity.get("Leaf.md")).toMatchObject({ lastCascaded: 1_700_000_000_000, recalls: { count: 0 } });
		expect(activity.get("Opened.md")?.lastCascaded).toBeNull();
		now += 1;
		await reactivate(["Hub.md"], ["Leaf.md"]);
		expect(activity.get("Leaf.md")?.lastCascaded).toBe(now);
		expect(activity.get("Hub.md")?.recalls.count).toBe(3);
	});
});

describe("RecallService with the fixture embedding model", () => {
	let embedder: Embedder;

	beforeAll(async () => {
		ensureFixtureModel();
		embedder = await createTransformersEmbedder({ modelId: FIXTURE_MODEL_ID, localModelPath: FIXTURE_MODEL_ROOT });
	});

	afterAll(async () => {
		await embedder.dispose();
	});

	it("finds a note by a synonym that shares no word with it, and says how similar it is", async () => {
		const cache = await EmbeddingCache.open(new MemoryStorage(), {
			modelId: embedder.modelId,
			dimensions: embedder.dimensions,
		});
		const embeddings = new NoteEmbeddings({
			embedder,
			cache,
			timers: { setTimeout, clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
		});
		const { recall } = await indexedRecall(
			{
				"Walks.md": "The dog barked at the mailman all morning.",
				"Garage.md": "Our new car needs tires before the road trip.",
				"Breakfast.md": "I drink coffee every day at breakfast.",
			},
			{ embeddings },
		);
		await embeddings.whenIdle();

		const keyword = await recall.recall("canine", { readOnly: true, mode: "keyword" });
		expect(keyword.results).toEqual([]);
		const full = await recall.recall("canine", { readOnly: true });
		expect(full).toMatchObject({ mode: "full", vector: true, embeddingsPending: 0 });
		expect(full.results[0].path).toBe("Walks.md");
		expect(full.results[0].why.similarity).toBeGreaterThan(0.3);
		expect(full.results[0].why.terms).toBeUndefined();
		await embeddings.close();
	});

	it("falls back to keyword and graph while no note has vectors yet", async () => {
		const cache = await EmbeddingCache.open(new MemoryStorage(), {
			modelId: embedder.modelId,
			dimensions: embedder.dimensions,
		});
		const embeddings = new NoteEmbeddings({
			embedder,
			cache,
			timers: { setTimeout: () => 0, clearTimeout: () => undefined },
		});
		const { recall } = await indexedRecall({ "Walks.md": "The dog barked at the mailman." }, { embeddings });
		const result = await recall.recall("dog mailman", { readOnly: true });
		expect(result).toMatchObject({ mode: "keyword+graph", vector: false });
		expect(result.embeddingsPending).toBeGreaterThan(0);
		expect(paths(result.results)).toEqual(["Walks.md"]);
	});
});
