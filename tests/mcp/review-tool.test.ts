import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { body, connectHarness, type Harness } from "./memory-tools-harness";

const DAY = 86_400_000;

/** Notes written `age` days before the harness's clock; Journal is not readable by the client. */
function vaultOf(notes: Record<string, [string, number]>, now: number): MemoryVault {
	const vault = new MemoryVault();
	for (const [path, [text, age]] of Object.entries(notes)) {
		vault.now = now - age * DAY;
		vault.write(path, text);
	}
	return vault;
}

// With the default decay an unused orphan turns fading 72.8 days after its last use: Old note does within 14 days.
const NOW = 1_700_000_000_000 + 100 * DAY;
const NOTES: Record<string, [string, number]> = {
	"Projects/Plan.md": ['---\ncaused_by: "[[Budget]]"\n---\nThe plan rests on the budget.', 5],
	"Projects/Budget.md": ["The budget is 50k.", 6],
	"Journal/Budget secret.md": ['---\nsupersedes: "[[Budget]]"\n---\nThe budget is secretly 80k.', 2],
	"Projects/Audit.md": ['---\ncontradicts: "[[Plan]]"\n---\nThe audit says the plan is wrong.', 1],
	"Projects/Bridge survey.md": ["The Kestrel Bridge survey found rust on the pylons.", 3],
	"Projects/Bridge walk.md": ["Walked over the Kestrel Bridge with Ana.", 2],
	"Journal/Bridge diary.md": ["Dear diary, the Kestrel Bridge again.", 1],
	"Projects/Old note.md": ["Parking is on level 3.", 65],
};

describe("memory_review", () => {
	let harness: Harness;

	beforeAll(async () => {
		harness = await connectHarness(vaultOf(NOTES, NOW), new MemoryStorage(), {
			settings: { mcp: { readFolders: ["Projects"] } },
			clock: () => NOW,
		});
	});

	afterAll(async () => {
		await harness.close();
	});

	it("answers concisely by default: counts over readable memories, and ids with reasons", async () => {
		const result = await harness.call("memory_review");
		expect(result.isError).toBeFalsy();
		const answer = result.structuredContent as Record<string, unknown>;
		expect(body(result)).toEqual(answer);
		expect(answer.counts).toEqual({
			clusters: 0,
			at_risk: expect.any(Number) as number,
			beliefs_in_question: 1,
			relationships: 1,
		});
		expect(answer.clusters).toEqual([]);
		// The superseded evidence is named by an unreadable note: only the readable contradiction is told.
		expect(answer.beliefs_in_question).toEqual([
			{ node_id: "Projects/Plan.md", reason: "contradicted by the newer “Projects/Audit.md”" },
		]);
		expect(answer.relationships).toEqual([
			{
				source: "Projects/Bridge walk.md",
				target: "Projects/Bridge survey.md",
				type: "related_to",
				reason: "unlinked, in different communities, sharing 3 rare cues",
			},
		]);
		const atRisk = answer.at_risk as { node_id: string; reason: string }[];
		expect(atRisk.map((item) => item.node_id)).toContain("Projects/Old note.md");
		expect(Object.keys(atRisk[0] ?? {})).toEqual(["node_id", "reason"]);
		expect(JSON.stringify(answer)).not.toContain("Journal/");
	});

	it("lists one queue with full details, at most k items", async () => {
		const result = await harness.call("memory_review", { queue: "beliefs_in_question", verbosity: "full", k: 1 });
		const answer = result.structuredContent as Record<string, unknown>;
		expect(answer.at_risk).toBeUndefined();
		expect(answer.relationships).toBeUndefined();
		expect(answer.beliefs_in_question).toEqual([
			{
				node_id: "Projects/Plan.md",
				reason: "contradicted by the newer “Projects/Audit.md”",
				newer: ["Projects/Audit.md"],
			},
		]);
		const risk = await harness.call("memory_review", { queue: "at_risk", verbosity: "full", k: 1 });
		const listed = (risk.structuredContent as { at_risk: Record<string, unknown>[] }).at_risk;
		expect(listed).toHaveLength(1);
		expect(listed[0]).toMatchObject({ days_until_fading: expect.any(Number) as number, status: "active" });
	});

	it("refuses an unknown queue naming the field", async () => {
		const result = await harness.call("memory_review", { queue: "clusterz" });
		expect(result.isError).toBe(true);
		expect(body(result)).toMatchObject({ field: "queue", retryable: false });
	});
});

describe("memory_review's clusters queue", () => {
	const DEPLOY: Record<string, [string, number]> = {
		"Projects/Friday deploy.md": [
			"The Friday deploy of the billing service failed: the database migration timed out and we rolled back.",
			3,
		],
		"Projects/Rollback.md": [
			"We rolled back the billing service deploy after the database migration timed out on Friday.",
			2,
		],
		"Projects/Migration timeout.md": [
			"The billing service database migration timed out during the Friday deploy; the rollback took ten minutes.",
			1,
		],
		"Journal/Deploy diary.md": [
			"Dear diary: the billing service deploy on Friday, the database migration timed out, we rolled back.",
			1,
		],
		"Projects/Garden.md": ["Planted tomatoes and beans along the fence.", 4],
	};
	let harness: Harness;

	beforeAll(async () => {
		harness = await connectHarness(vaultOf(DEPLOY, NOW), new MemoryStorage(), {
			settings: { mcp: { readFolders: ["Projects"] } },
			clock: () => NOW,
		});
	});

	afterAll(async () => {
		await harness.close();
	});

	it("lists clusters of readable memories only, and none the user dismissed", async () => {
		const answer = (await harness.call("memory_review", { queue: "clusters" })).structuredContent as {
			counts: Record<string, number>;
			clusters: { node_ids: string[]; label: string[]; reason: string }[];
		};
		expect(answer.counts.clusters).toBe(1);
		expect(answer.clusters[0].node_ids).toEqual([
			"Projects/Migration timeout.md",
			"Projects/Rollback.md",
			"Projects/Friday deploy.md",
		]);
		expect(answer.clusters[0].reason).toMatch(/^similar wording: mean keyword similarity 0\.\d+/);

		await harness.engine.review.dismissCluster(answer.clusters[0].node_ids);
		const after = (await harness.call("memory_review", { queue: "clusters" })).structuredContent as typeof answer;
		expect(after.counts.clusters).toBe(0);
	});
});
