import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubNotes } from "../../bench/hub-notes";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { body, connectHarness, type Harness } from "./memory-tools-harness";

// A hub with 50,000 spokes: 30,000 caused_by, 10,000 supports, 10,000 supersedes. Its explanation
// lists a few neighbours and counts the rest, so its size does not grow with the hub (recall's
// lists: tests/core/recall/recall-hits.test.ts). Latency: `npm run bench -- mcp-size --hub 50000`.
const SPOKES = 50_000;
let harness: Harness;

beforeAll(async () => {
	harness = await connectHarness(new MemoryVault(hubNotes(SPOKES, { supersededBy: true })), new MemoryStorage(), {
		follow: false,
	});
}, 600_000);

afterAll(async () => {
	await harness?.close();
});

async function answer(
	tool: string,
	args: Record<string, unknown>,
): Promise<{ text: string; out: Record<string, unknown> }> {
	const result = await harness.call(tool, args);
	expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
	const block = result.content[0];
	return { text: block?.type === "text" ? block.text : "", out: body(result) };
}

describe("answers about a hub of 50,000 spokes", () => {
	it("memory_explain lists 10 edges, counts them all by type and says what it left out", async () => {
		const { text, out } = await answer("memory_explain", { node_id: "Hub.md" });
		expect(out.edges_in).toHaveLength(10);
		expect(out.edges_in_total).toBe(SPOKES);
		expect(out.edges_in_by_type).toEqual({ caused_by: 30_000, supports: 10_000, supersedes: 10_000 });
		const listed = (out.edges_in as { type: string }[]).map((edge) => edge.type);
		const left = (type: string) =>
			({ caused_by: 30_000, supports: 10_000, supersedes: 10_000 })[type]! - listed.filter((t) => t === type).length;
		expect(out.edges_in_more).toBe(
			`and 49,990 more: ${["caused_by", "supports", "supersedes"]
				.map((type) => [type, left(type)] as const)
				.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
				.map(([type, count]) => `${count.toLocaleString("en-US")} ${type}`)
				.join(", ")}`,
		);
		expect(out.edges_out).toEqual([]);
		expect(out.edges_out_more).toBeNull();
		expect((out.upstream as unknown[]).length + (out.downstream as unknown[]).length).toBeLessThanOrEqual(40);
		expect(out.chain_truncated).toBe(true);
		const impact = out.removal_impact as { orphaned: string[]; orphaned_count: number; components_after: number };
		// The first 10 in path order of the 40,000 caused_by and supports spokes.
		const orphans = Array.from({ length: SPOKES }, (_, i) => i)
			.filter((i) => i % 5 !== 4)
			.map((i) => `Spokes/Spoke ${i}.md`)
			.sort();
		expect(impact.orphaned).toEqual(orphans.slice(0, 10));
		expect(impact.orphaned_count).toBe(40_000);
		expect(impact.components_after).toBe(40_000);
		// Before: 100 edges each way, 100 orphans and 100 chain steps each way, 31 KB of text.
		expect(text.length).toBeLessThan(8_000);
	}, 120_000);
});
