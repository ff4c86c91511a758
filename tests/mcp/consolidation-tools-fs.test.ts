import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseNote } from "../../src/core/parse/parse-note";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { FsVault } from "../../src/node/fs/fs-vault";
import { syntheticTopicVault, type SyntheticTopicVault } from "../helpers/synthetic-topics";
import { body, connectHarness, type Harness } from "./memory-tools-harness";

interface ClusterOut {
	label: string[];
	members: string[];
	why: string[];
}

/** Every file of the vault but the trash, with its bytes. */
async function snapshot(dir: string): Promise<Map<string, string>> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	const files = new Map<string, string>();
	for (const entry of entries) {
		const path = join(entry.parentPath, entry.name).slice(dir.length + 1);
		if (entry.isFile() && !path.startsWith(".trash")) files.set(path, await readFile(join(dir, path), "utf8"));
	}
	return files;
}

/** For each topic, the cluster holding most of its episodes: its share of the cluster (purity) and of the topic (recall). */
function bestClusters(vault: SyntheticTopicVault, clusters: readonly ClusterOut[]) {
	return [...vault.topics].map(([topic, episodes]) => {
		let best = { topic, purity: 0, recall: 0, cluster: -1 };
		clusters.forEach((cluster, i) => {
			const overlap = cluster.members.filter((member) => episodes.includes(member)).length;
			if (overlap / episodes.length > best.recall)
				best = { topic, purity: overlap / cluster.members.length, recall: overlap / episodes.length, cluster: i };
		});
		return best;
	});
}

describe("consolidation on a generated vault: 6 topics × 5 paraphrased episodes + 30 unrelated memories", () => {
	const vault = syntheticTopicVault(7);
	let root = "";
	let vaultDir = "";
	let harness: Harness;
	let clusters: ClusterOut[] = [];

	beforeAll(async () => {
		root = await mkdtemp(join(tmpdir(), "cm-consolidation-"));
		vaultDir = join(root, "vault");
		for (const [path, content] of Object.entries(vault.notes)) {
			await mkdir(dirname(join(vaultDir, path)), { recursive: true });
			await writeFile(join(vaultDir, path), content);
		}
		harness = await connectHarness(new FsVault(vaultDir), new FsStorage(join(root, "state"), { sync: false }), {
			follow: false,
			clock: () => Date.UTC(2025, 8, 1),
		});
		clusters = body(await harness.call("memory_clusters", { k: 50 })).clusters as ClusterOut[];
	}, 60_000);

	afterAll(async () => {
		await harness.close();
		await rm(root, { recursive: true, force: true });
	});

	it("finds each topic as one cluster: purity and member recall at least 0.8", () => {
		for (const best of bestClusters(vault, clusters)) {
			expect(best.purity, best.topic).toBeGreaterThanOrEqual(0.8);
			expect(best.recall, best.topic).toBeGreaterThanOrEqual(0.8);
		}
	});

	it("puts an unrelated memory in a cluster of 3 or more at most once", () => {
		const unrelated = clusters
			.filter((cluster) => cluster.members.length >= 3)
			.flatMap((cluster) => cluster.members.filter((member) => vault.unrelated.includes(member)));
		expect(unrelated.length).toBeLessThanOrEqual(1);
	});

	it("labels a cluster with the cues its members share and says why", () => {
		const kafka = clusters[bestClusters(vault, clusters).find((best) => best.topic === "kafka")?.cluster ?? -1];
		expect(kafka.label).toContain("kafka");
		expect(kafka.why.join(" ")).toMatch(/similar wording: mean keyword similarity 0\.\d+/);
		expect(kafka.why.join(" ")).toMatch(/shared cues: .*priya/);
	});

	it("consolidates one cluster: a new note derived_from every member, ranked first for the topic; one undo restores every file", async () => {
		const members = vault.topics.get("kafka") ?? [];
		const before = await snapshot(vaultDir);
		const summary =
			"The billing Kafka consumer group falls behind (lag of hours) when it keeps rebalancing after a rollout. " +
			"Fix: raise the consumer session timeout (session.timeout.ms). Priya from billing found it.";
		const result = body(
			await harness.call("memory_consolidate", { ids: members, summary, title: "Kafka consumer lag in billing" }),
		);
		expect(result.members).toEqual(members);
		const summaryPath = result.node_id as string;
		expect(summaryPath).toBe("Memory/Kafka consumer lag in billing.md");

		const after = await snapshot(vaultDir);
		expect([...after.keys()].filter((path) => !before.has(path))).toEqual([summaryPath]);
		const written = parseNote(after.get(summaryPath) ?? "").frontmatter ?? {};
		expect(written.derived_from).toEqual(members.map((member) => `[[${member.slice("Memory/".length, -3)}]]`));
		for (const member of members) {
			expect(parseNote(after.get(member) ?? "").frontmatter?.memory_consolidated_into).toBe(
				"[[Kafka consumer lag in billing]]",
			);
			// Only the key was added: the rest of the note is as it was.
			expect(after.get(member)?.replace('memory_consolidated_into: "[[Kafka consumer lag in billing]]"\n', "")).toBe(
				before.get(member),
			);
		}
		const unchanged = [...before.keys()].filter((path) => !members.includes(path));
		for (const path of unchanged) expect(after.get(path), path).toBe(before.get(path));

		await harness.engine.maintenance.runPass();
		const recall = body(
			await harness.call("memory_recall", { query: "billing Kafka consumer lag rebalance", read_only: true }),
		);
		expect((recall.results as { node_id: string }[])[0].node_id).toBe(summaryPath);

		const undone = await harness.engine.undoConsolidation(result.undo_id as string);
		expect(undone.restored).toEqual(members);
		expect(undone.trashed).toBe(summaryPath);
		expect(await snapshot(vaultDir)).toEqual(before);
	});
});
