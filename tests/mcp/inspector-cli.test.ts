import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startServeProcess, type ServeProcess } from "../helpers/serve-process";
import { mcpCheckTools } from "./conformance-tools";
import { ALL_TOOLS } from "./memory-tools-harness";

const SCRIPT = fileURLToPath(new URL("../../bench/mcp-inspector.mjs", import.meta.url));
const tools = mcpCheckTools();

function runScript(args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		// Asynchronous on purpose: the server under test runs in this process.
		execFile(process.execPath, [SCRIPT, ...args], { timeout: 120_000 }, (error, stdout, stderr) => {
			resolve({ exitCode: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
		});
	});
}

describe.skipIf(!tools.found)(
	"the Inspector CLI (Node 22) against the server npm start runs (serve on the example vault)",
	() => {
		let served: ServeProcess;
		let token: string;
		let dir: string;
		beforeAll(async () => {
			dir = mkdtempSync(join(tmpdir(), "inspector-"));
			cpSync(join(REPO_ROOT, "examples", "vault"), join(dir, "vault"), { recursive: true });
			served = await startServeProcess(join(dir, "vault"));
			token = served.token ?? "";
		});
		afterAll(async () => {
			await served?.stop();
			rmSync(dir, { recursive: true, force: true });
		});

		it(
			"lists the tools and calls memory_recall with the printed token (bench/mcp-inspector.mjs)",
			{ timeout: 120_000 },
			async () => {
				const run = await runScript([
					"--url",
					served.url,
					"--token",
					token,
					"--tool",
					"memory_recall",
					"--arg",
					"query=offline sync decision",
					"--arg",
					"read_only=true",
				]);
				expect(run.stderr).toBe("");
				expect(run.exitCode).toBe(0);
				expect(run.stdout).toMatch(
					new RegExp(`^tools/list: ${ALL_TOOLS.length} tools in \\d+ ms: .*memory_recall`, "m"),
				);
				expect(run.stdout).toContain("Adopt offline-first architecture.md");
				expect(run.stdout).not.toContain(token);
			},
		);

		it("fails clearly with a wrong token, without printing the token", { timeout: 120_000 }, async () => {
			const wrong = `${token.slice(0, -4)}AAAA`;
			const run = await runScript(["--url", served.url, "--token", wrong, "--tool", "memory_recall"]);
			expect(run.exitCode).toBe(1);
			expect(run.stderr).toMatch(/tools\/list failed.*Unauthorized/);
			expect(`${run.stdout}${run.stderr}`).not.toContain(wrong);
		});
	},
);
