import { afterEach, describe, expect, it } from "vitest";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { connectHarness, type Harness } from "./memory-tools-harness";

const NOTES: Record<string, string> = {
	"Projects/Release 4.2.md": '---\ncaused_by: "[[Orders migration]]"\n---\nShipped the new payment form on Friday.',
	"Projects/Orders migration.md": "Renamed a column in the orders table.",
	"Projects/Checkout outage.md": '---\ncaused_by: "[[Release 4.2]]"\n---\nCheckout was down for an hour.',
	"Garden.md": "Tomatoes need more water in July, and the payment for seeds is due.",
};

let harness: Harness | null = null;

afterEach(async () => {
	await harness?.close();
	harness = null;
});

interface Hit {
	node_id: string;
	score: number;
	relevance: number;
	retention: number;
	why: { path?: string[]; edges?: string[]; similarity?: number };
}

/** Digits after the decimal point. */
const decimals = (value: number): number => (String(value).split(".")[1] ?? "").length;

describe("memory_recall output", () => {
	it("has the ranking score, descending down the list (issue 29), relevance and retention rounded to 3 decimals, and graph steps in words", async () => {
		harness = await connectHarness(new MemoryVault(NOTES), new MemoryStorage());
		const result = await harness.call("memory_recall", { query: "payment form", read_only: true });
		const hits = (result.structuredContent as { results: Hit[] }).results;
		expect(hits.length).toBeGreaterThanOrEqual(3);
		for (const hit of hits) {
			expect(decimals(hit.score), hit.node_id).toBeLessThanOrEqual(3);
			expect(decimals(hit.relevance), hit.node_id).toBeLessThanOrEqual(3);
			expect(decimals(hit.retention), hit.node_id).toBeLessThanOrEqual(3);
			expect(hit.score, hit.node_id).toBeLessThanOrEqual(hit.relevance);
		}
		const scores = hits.map((hit) => hit.score);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		expect(scores[0]).toBeGreaterThan(0);
		const byId = new Map(hits.map((hit) => [hit.node_id, hit]));
		// Release 4.2 was caused by Orders migration; it led to Checkout outage.
		expect(byId.get("Projects/Orders migration.md")?.why).toMatchObject({
			path: ["Projects/Release 4.2.md", "Projects/Orders migration.md"],
			edges: ["caused by"],
		});
		expect(byId.get("Projects/Checkout outage.md")?.why).toMatchObject({
			path: ["Projects/Release 4.2.md", "Projects/Checkout outage.md"],
			edges: ["led to"],
		});
		// The text block is the same JSON a text-only client reads.
		const block = result.content[0];
		expect(block?.type === "text" ? JSON.parse(block.text) : null).toEqual(result.structuredContent);
	});

	it("rounds memory_explain's numbers to 3 decimals", async () => {
		harness = await connectHarness(new MemoryVault(NOTES), new MemoryStorage());
		const explained = (await harness.call("memory_explain", { node_id: "Release 4.2" })).structuredContent as Record<
			string,
			unknown
		>;
		const numbers: number[] = [];
		const collect = (value: unknown): void => {
			if (typeof value === "number") numbers.push(value);
			else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
		};
		collect(explained);
		expect(numbers.length).toBeGreaterThan(20);
		expect(numbers.filter((value) => decimals(value) > 3)).toEqual([]);
	});
});
