import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import baseline from "./conformance-baseline.json";
import { mcpCheckTools } from "./conformance-tools";
import { REPO_ROOT, startServeProcess, type ServeProcess } from "../helpers/serve-process";

interface Check {
	id: string;
	status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
	errorMessage?: string;
}

interface SuiteRun {
	exitCode: number;
	output: string;
	/** Checks by scenario, read from the suite's `checks.json` files. */
	scenarios: Map<string, Check[]>;
}

const tools = mcpCheckTools();

/** A scenario passes when at least one check succeeded and none failed. */
function passed(checks: Check[] | undefined): boolean {
	return (
		checks !== undefined &&
		checks.some((check) => check.status === "SUCCESS") &&
		checks.every((check) => check.status !== "FAILURE")
	);
}

function runSuite(url: string, workDir: string): Promise<SuiteRun> {
	const expectedFailures = join(workDir, "expected-failures.yml");
	writeFileSync(
		expectedFailures,
		`server:\n${Object.keys(baseline.expectedFailures)
			.map((name) => `  - ${name}\n`)
			.join("")}`,
	);
	const outputDir = join(workDir, "results");
	const args = [
		tools.conformance,
		"server",
		"--url",
		url,
		"--suite",
		"active",
		"--expected-failures",
		expectedFailures,
		"--output-dir",
		outputDir,
	];
	return new Promise((resolve) => {
		// Asynchronous on purpose: the server under test runs in this process.
		execFile(tools.node, args, { timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
			const exitCode = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
			resolve({ exitCode, output: `${stdout}\n${stderr}`, scenarios: readScenarios(outputDir) });
		});
	});
}

/** Result folders are named `server-<scenario>-<ISO timestamp>`. */
function readScenarios(outputDir: string): Map<string, Check[]> {
	const scenarios = new Map<string, Check[]>();
	for (const folder of readdirSync(outputDir)) {
		const name = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
		if (name !== undefined)
			scenarios.set(name, JSON.parse(readFileSync(join(outputDir, folder, "checks.json"), "utf8")) as Check[]);
	}
	return scenarios;
}

describe.skipIf(!tools.found)("MCP conformance suite (Node 22, no-auth test instance)", () => {
	let server: ServeProcess;
	let workDir: string;
	let run: SuiteRun;

	beforeAll(async () => {
		workDir = mkdtempSync(join(tmpdir(), "mcp-conformance-"));
		const vault = join(workDir, "vault");
		cpSync(join(REPO_ROOT, "examples", "vault"), vault, { recursive: true });
		// The suite cannot send an Authorization header: the real server with its explicit no-auth flag.
		server = await startServeProcess(vault, ["--no-auth"]);
		run = await runSuite(server.url, workDir);
	}, 300_000);

	afterAll(async () => {
		await server?.stop();
		if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
	});

	it("was served without a token only because of --no-auth, with a warning", () => {
		expect(server.token).toBeNull();
		expect(server.stderr()).toContain("WARNING: --no-auth");
	});

	it.each(Object.keys(baseline.mustPass))("passes %s", (name) => {
		const checks = run.scenarios.get(name);
		expect(checks, `scenario ${name} did not run:\n${run.output}`).toBeDefined();
		expect(checks?.filter((check) => check.status === "FAILURE")).toEqual([]);
		expect(passed(checks)).toBe(true);
	});

	it("fails no scenario outside the baseline, and every baselined scenario still fails", () => {
		const unexpected = [...run.scenarios]
			.filter(([name, checks]) => !passed(checks) && !(name in baseline.expectedFailures))
			.map(([name]) => name);
		const stale = Object.keys(baseline.expectedFailures).filter((name) => passed(run.scenarios.get(name)));
		expect({ unexpected, stale }).toEqual({ unexpected: [], stale: [] });
		expect(run.exitCode, run.output).toBe(0);
	});

	it("runs every scenario the baseline names, so none is listed by mistake", () => {
		const listed = [
			...Object.keys(baseline.expectedFailures),
			...Object.keys(baseline.vacuousPasses),
			...Object.keys(baseline.mustPass),
		];
		expect(listed.filter((name) => !run.scenarios.has(name))).toEqual([]);
		expect([...run.scenarios.keys()].filter((name) => !listed.includes(name))).toEqual([]);
	});
});
