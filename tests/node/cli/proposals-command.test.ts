import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { maintainCommand } from "../../../src/node/cli/maintain-command";
import { proposalsCommand, type ProposalsOptions } from "../../../src/node/cli/proposals-command";
import { DEFAULT_CONFIG_DIR } from "../../fakes/obsidian/vault";

const CLI = fileURLToPath(new URL("../../../dist/cli.cjs", import.meta.url));
const dirs: string[] = [];

function vault(): string {
	const dir = mkdtempSync(join(tmpdir(), "proposals-"));
	dirs.push(dir);
	const files: Record<string, string> = {
		[`${DEFAULT_CONFIG_DIR}/plugins/causal-memory/data.json`]: JSON.stringify({
			scoring: { core: { approvalCategories: ["decision"] } },
		}),
		"Memory/Ship on Fridays.md": "---\nmemory_category: decision\n---\nWe ship on Fridays.\n",
		"Memory/Use Postgres.md": "---\nmemory_category: decision\n---\nWe use Postgres.\n",
		"Memory/Lunch.md": "Lunch is at noon.\n",
	};
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

async function run(command: () => Promise<number>): Promise<{ code: number; out: string }> {
	const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
	vi.spyOn(process.stderr, "write").mockImplementation(() => true);
	const code = await command();
	const out = stdout.mock.calls
		.map((call) => String(call[0]))
		.join("")
		.trimEnd();
	vi.restoreAllMocks();
	return { code, out };
}

const proposals = (vaultDir: string, options: Partial<ProposalsOptions> = {}) =>
	run(() => proposalsCommand({ vaultDir, json: false, ...options }));
const maintain = (vaultDir: string) =>
	run(() => maintainCommand({ vaultDir, dryRun: false, confirmVaultWrites: false, json: true }));

afterEach(() => {
	vi.restoreAllMocks();
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("causal-memory proposals", () => {
	it("lists what a pass proposed, accepts one into core, declines the other for good", async () => {
		const dir = vault();
		expect((await proposals(dir)).out).toMatch(/^No open core proposals\./);
		await maintain(dir);

		const listed = await proposals(dir);
		expect(listed.out.split("\n").slice(0, 3)).toEqual([
			"Open core proposals: 2",
			expect.stringMatching(
				/^ {2}Memory\/Ship on Fridays\.md {2}\d{4}-\d\d-\d\d {2}\(category "decision" is in the approval list\)$/,
			),
			expect.stringMatching(/^ {2}Memory\/Use Postgres\.md /),
		]);
		const json = JSON.parse((await run(() => proposalsCommand({ vaultDir: dir, json: true }))).out) as {
			proposals: { path: string; category: string }[];
		};
		expect(json.proposals.map((p) => [p.path, p.category])).toEqual([
			["Memory/Ship on Fridays.md", "decision"],
			["Memory/Use Postgres.md", "decision"],
		]);

		expect(await proposals(dir, { accept: "[[Use Postgres]]" })).toEqual({
			code: 0,
			out: "Accepted: Memory/Use Postgres.md is core now.",
		});
		expect(readFileSync(join(dir, "Memory/Use Postgres.md"), "utf8")).toContain("memory_status: core");
		expect(await proposals(dir, { decline: "Memory/Ship on Fridays.md" })).toEqual({
			code: 0,
			out: "Declined: Memory/Ship on Fridays.md stays active and is not proposed again.",
		});
		expect(readFileSync(join(dir, "Memory/Ship on Fridays.md"), "utf8")).toBe(
			"---\nmemory_category: decision\n---\nWe ship on Fridays.\n",
		);

		const again = JSON.parse((await maintain(dir)).out) as { proposals: unknown[] };
		expect(again.proposals).toEqual([]);
		expect((await proposals(dir)).out).toMatch(/^No open core proposals\./);
		await expect(proposals(dir, { accept: "Ship on Fridays" })).rejects.toThrow(
			'There is no open core proposal for "Memory/Ship on Fridays.md".',
		);
		await expect(proposals(dir, { decline: "Nowhere" })).rejects.toThrow(/No memory "Nowhere" \(field --decline\)/);
	});

	it("the CLI refuses --accept with --decline", () => {
		const dir = vault();
		let failure: { status: number; stderr: string } | null = null;
		try {
			execFileSync(process.execPath, [CLI, "proposals", "--vault", dir, "--accept", "A", "--decline", "B"], {
				stdio: "pipe",
			});
		} catch (error) {
			failure = { status: (error as { status: number }).status, stderr: String((error as { stderr: Buffer }).stderr) };
		}
		expect(failure).toEqual({
			status: 2,
			stderr: 'causal-memory: give --accept or --decline, not both\nRun "causal-memory --help" for usage.\n',
		});
	});
});
