import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readMemorySettings, type MemorySettings } from "../../../src/core/model/settings";
import { vaultOverview } from "../../../src/engine/inspector/vault-overview";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import { generateToken, startMcpHttpServer, type RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../../../src/mcp/memory-mcp-server";
import { hookCommand } from "../../../src/node/hook/hook-command";
import { inMemoryEngine } from "../../helpers/in-memory-engine";
import { MemoryVault } from "../../helpers/memory-vault";

const NOTES: Record<string, string> = {
	"Memory/Deploy freeze.md": "We freeze deploys during the payment migration because rollbacks failed twice.",
	"Memory/Garden.md": "Tomatoes need more water in July.",
	"Private/Salary.md": "The salary review happens in March during the payment migration freeze.",
};

/** These tests are about what the hook shows and reports, not its speed: a busy machine must not make it give up. */
const UNHURRIED_MS = 30_000;

let dir: string;
let engine: MemoryEngine;
let server: RunningMcpServer;
let settings: MemorySettings;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "hook-reports-"));
	settings = readMemorySettings({ mcp: { readFolders: ["Memory"] } }).settings;
	engine = inMemoryEngine(new MemoryVault(NOTES), { settings: () => settings });
	await engine.start({ follow: false });
	const token = generateToken();
	server = await startMcpHttpServer({
		createServer: memoryMcpServerFactory(engine, { version: "test" }),
		port: 0,
		token,
	});
	env = { CAUSAL_MEMORY_URL: server.url, CAUSAL_MEMORY_TOKEN: token, CAUSAL_MEMORY_STATE_HOME: join(dir, "state") };
});

afterEach(async () => {
	await server.close();
	await engine.stop();
	await rm(dir, { recursive: true, force: true });
});

const prompt = (text: string) =>
	JSON.stringify({
		session_id: "s1",
		transcript_path: join(dir, "none.jsonl"),
		cwd: dir,
		hook_event_name: "UserPromptSubmit",
		prompt: text,
	});

describe("causal-memory hook reports what it showed, for the memory view", () => {
	it("lists the prompt's excerpt and the memories shown, never an unreadable one", async () => {
		const output = await hookCommand({
			event: "UserPromptSubmit",
			stdin: prompt("Why do we freeze deploys during the payment migration?"),
			env,
			version: "test",
			readBudgetMs: UNHURRIED_MS,
		});
		expect(output).toContain("Memory/Deploy freeze.md");
		expect(output).not.toContain("Private/Salary.md");
		const [shown] = vaultOverview(engine).automaticRecalls;
		expect(shown).toMatchObject({
			event: "UserPromptSubmit",
			excerpt: "Why do we freeze deploys during the payment migration?",
			ids: ["Memory/Deploy freeze.md"],
		});
	});

	it("shows and reports nothing once the settings turn prompt recall off", async () => {
		settings = readMemorySettings({ mcp: { readFolders: ["Memory"], hooks: { promptRecall: false } } }).settings;
		const output = await hookCommand({
			event: "UserPromptSubmit",
			stdin: prompt("Why do we freeze deploys during the payment migration?"),
			env,
			version: "test",
			readBudgetMs: UNHURRIED_MS,
		});
		expect(output).toBeNull();
		expect(vaultOverview(engine).automaticRecalls).toEqual([]);
	});
});

describe("causal-memory hook's session state", () => {
	it("stays small however long the prompts: it keeps each as the session note would (400 characters)", async () => {
		const long = "Why do we freeze deploys during the payment migration? ".repeat(2000);
		for (let i = 0; i < 3; i++)
			await hookCommand({
				event: "UserPromptSubmit",
				stdin: prompt(long),
				env,
				version: "test",
				readBudgetMs: UNHURRIED_MS,
			});
		const sessions = join(dir, "state", "causal-memory", "hooks", "sessions");
		const [file] = await readdir(sessions);
		expect((await stat(join(sessions, file ?? ""))).size).toBeLessThan(3 * 500);
	});
});
