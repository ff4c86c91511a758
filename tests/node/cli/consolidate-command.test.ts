import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consolidateCommand, type ConsolidateOptions } from "../../../src/node/cli/consolidate-command";

const dirs: string[] = [];

const NOTES: Record<string, string> = {
	"Memory/Relay one.md": "---\nmemory_source: mcp\n---\nThe relay went down when its certificate expired on Monday.\n",
	"Memory/Relay two.md": "The relay was down on Monday because the certificate had expired.\n",
	"Memory/Lunch.md": "Lunch is at noon in the small kitchen.\n",
};

function vault(): string {
	const dir = mkdtempSync(join(tmpdir(), "consolidate-"));
	dirs.push(dir);
	for (const [path, content] of Object.entries(NOTES)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

async function consolidate(
	vaultDir: string,
	options: Partial<ConsolidateOptions> = {},
): Promise<{ code: number; out: string }> {
	const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
	vi.spyOn(process.stderr, "write").mockImplementation(() => true);
	const code = await consolidateCommand({ vaultDir, write: false, undo: false, json: false, ...options });
	const out = stdout.mock.calls.map((call) => String(call[0])).join("");
	vi.restoreAllMocks();
	return { code, out };
}

const memoryFiles = (dir: string): string[] => readdirSync(join(dir, "Memory")).sort();

afterEach(() => {
	vi.restoreAllMocks();
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("causal-memory consolidate", () => {
	it("lists the clusters without writing, prints a cluster's extractive summary, consolidates it, and undoes it", async () => {
		const dir = vault();
		const listed = await consolidate(dir);
		expect(listed.code).toBe(0);
		expect(listed.out).toContain("Clusters: 1 among 3 memories");
		expect(listed.out).toMatch(
			/1\. .*\n\s+Memory\/Relay (one|two)\.md\n\s+Memory\/Relay (one|two)\.md\n\s+why: similar wording/,
		);
		expect(memoryFiles(dir)).toEqual(["Lunch.md", "Relay one.md", "Relay two.md"]);

		const draft = await consolidate(dir, { cluster: 1 });
		expect(draft.out).toContain("not written; add --write");
		expect(draft.out).toMatch(/- The relay .* \(\[\[Relay (one|two)\]\]/);
		expect(memoryFiles(dir)).toEqual(["Lunch.md", "Relay one.md", "Relay two.md"]);

		const written = await consolidate(dir, { cluster: 1, write: true });
		expect(written.out).toMatch(/^Consolidated 2 memories into Memory\/Summary of Relay (one|two)\.md/);
		expect(memoryFiles(dir)).toHaveLength(4);
		expect(readFileSync(join(dir, "Memory/Relay two.md"), "utf8")).toMatch(
			/^---\nmemory_consolidated_into: "\[\[Summary of Relay/,
		);
		expect((await consolidate(dir)).out).toContain("No clusters among the 2 memories compared");

		const undone = await consolidate(dir, { undo: true });
		expect(undone.out).toContain("2 members restored byte for byte");
		expect(memoryFiles(dir)).toEqual(["Lunch.md", "Relay one.md", "Relay two.md"]);
		for (const [path, content] of Object.entries(NOTES)) expect(readFileSync(join(dir, path), "utf8")).toBe(content);
	});
});
