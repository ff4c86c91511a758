import { afterEach, describe, expect, it, vi } from "vitest";
import { fileURLToPath } from "node:url";
import { indexCommand } from "../../../src/node/cli/index-command";
import { sharedPath } from "../../helpers/shared";

const kepano = sharedPath("corpora", "kepano-obsidian");
const EXAMPLE_VAULT = fileURLToPath(new URL("../../../examples/vault", import.meta.url));

async function run(
	vaultDir: string,
	options: { edgeKeys?: Record<string, string>; json?: boolean } = {},
): Promise<string> {
	const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
	vi.spyOn(process.stderr, "write").mockImplementation(() => true);
	expect(
		await indexCommand({ vaultDir, exclude: [], edgeKeys: options.edgeKeys ?? {}, json: options.json ?? false }),
	).toBe(0);
	const printed = out.mock.calls.map((call) => String(call[0])).join("");
	out.mockRestore();
	return printed.replace(/\n$/, "");
}

interface JsonSummary {
	notes: number;
	edgesByType: Record<string, number>;
	edgesByKey: Record<string, number>;
	orphans: string[];
	dangling: { source: string; linkpath: string }[];
	topHubs: { path: string }[];
}

afterEach(() => vi.restoreAllMocks());

describe.skipIf(!kepano.found)("causal-memory index on a real vault (kepano-obsidian)", () => {
	it("reports its notes, edges from its link-valued properties, orphans and dangling links", async () => {
		const summary = JSON.parse(await run(kepano.path, { json: true })) as JsonSummary;
		expect(summary.notes).toBe(103);
		expect(summary.edgesByKey).toMatchObject({ categories: 57, author: 6, genre: 4, org: 3, topics: 3, loc: 2 });
		expect(summary.orphans).toEqual(
			expect.arrayContaining(["Daily/2023-09-12.md", "Readme.md", "Templates/Movie Genre Template.md"]),
		);
		expect(summary.orphans).not.toContain("References/Blade Runner.md");
		expect(summary.dangling).toEqual(
			expect.arrayContaining([
				{ source: "References/Blade Runner.md", linkpath: "Ridley Scott", type: "related_to" },
				{ source: "Notes/2023 Japan Trip.md", linkpath: "Japan", type: "related_to" },
			]),
		);
		expect(summary.topHubs[0]?.path).toBe("Categories/People.md");
	});

	it("turns a mapped property into typed causal edges", async () => {
		const summary = JSON.parse(
			await run(kepano.path, { json: true, edgeKeys: { genre: "derived_from", author: "caused_by" } }),
		) as JsonSummary;
		expect(summary.edgesByType).toMatchObject({ derived_from: 4, caused_by: 6 });
		const text = await run(kepano.path, { edgeKeys: { genre: "derived_from" } });
		expect(text).toContain("Indexed 103 notes");
		expect(text).toMatch(/derived_from\s+4/);
	});
});

describe("causal-memory index on the bundled example vault", () => {
	it("shows typed causal links, body links, orphans and the dangling link", async () => {
		const summary = JSON.parse(await run(EXAMPLE_VAULT, { json: true })) as JsonSummary;
		expect(summary.notes).toBe(31);
		for (const type of ["caused_by", "supports", "derived_from", "contradicts", "supersedes", "related_to"]) {
			expect(summary.edgesByType[type], type).toBeGreaterThan(0);
		}
		expect(summary.orphans).toContain("Experiments/Compression of sync payloads.md");
		expect(summary.dangling.map((d) => d.linkpath)).toContain("Sync protocol v2 spec");
	});
});
