import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startServeProcess, type ServeProcess } from "../../helpers/serve-process";
import { connectClient } from "../../mcp/http/http-harness";

const HOOK = join(REPO_ROOT, "dist", "hook.cjs");
const CLI = join(REPO_ROOT, "dist", "cli.cjs");

interface HookResult {
	code: number | null;
	stdout: string;
	ms: number;
}

/** Pipes `payload` into `node <bin> [hook] EVENT` as Claude Code does, and waits for the process to exit. */
function runHook(args: readonly string[], payload: unknown, env: NodeJS.ProcessEnv): Promise<HookResult> {
	const started = performance.now();
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "pipe"] });
		let stdout = "";
		child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
		child.on("error", reject);
		child.on("exit", (code) => resolve({ code, stdout, ms: performance.now() - started }));
		child.stdin.end(JSON.stringify(payload));
	});
}

function injected(result: HookResult, event: string): string {
	expect(result.code).toBe(0);
	const output = JSON.parse(result.stdout) as {
		hookSpecificOutput: { hookEventName: string; additionalContext: string };
	};
	expect(output.hookSpecificOutput.hookEventName).toBe(event);
	return output.hookSpecificOutput.additionalContext;
}

describe("causal-memory hook, fed the documented hook payloads, against a running server", () => {
	let dir: string;
	let vault: string;
	let project: string;
	let stateHome: string;
	let transcript: string;
	let served: ServeProcess;
	let env: NodeJS.ProcessEnv;
	let client: Client;
	const sessionId = "5d9e1c7a-0b1e-4c55-9a0e-3f2b8c1d0e4f";

	const base = () => ({ session_id: sessionId, transcript_path: transcript, cwd: project });

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "hook-e2e-"));
		vault = join(dir, "vault");
		project = join(dir, "harbor");
		stateHome = join(dir, "state");
		transcript = join(dir, "transcript.jsonl");
		await cp(join(REPO_ROOT, "examples", "vault"), vault, { recursive: true });
		await mkdir(join(project, ".git"), { recursive: true });
		await writeFile(
			join(project, ".git", "config"),
			'[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:acme/harbor.git\n',
		);
		served = await startServeProcess(vault);
		env = {
			...process.env,
			CAUSAL_MEMORY_URL: served.url,
			CAUSAL_MEMORY_TOKEN: served.token ?? "",
			CAUSAL_MEMORY_STATE_HOME: stateHome,
		};
		({ client } = await connectClient(served.url, served.token));
	});

	afterAll(async () => {
		await client.close().catch(() => undefined);
		await served.stop();
		await rm(dir, { recursive: true, force: true });
	});

	it("SessionStart: the core memories and the project's memories, with their ids", async () => {
		const result = await runHook(
			[HOOK, "SessionStart"],
			{ ...base(), hook_event_name: "SessionStart", source: "startup", model: "claude-sonnet-4-5" },
			env,
		);
		const context = injected(result, "SessionStart");
		expect(context).toContain("- Memory/Team prefers small reviewable PRs.md");
		expect(context).toContain("- Decisions/Adopt offline-first architecture.md");
		expect(context).toMatch(/Memories most relevant to harbor:\n- \S/);
		expect(context.length).toBeLessThanOrEqual(2000);
	});

	it("UserPromptSubmit: names the memory the prompt is about, without using it (read-only)", async () => {
		const lastUsed = async (): Promise<string> => {
			const found = await client.callTool({
				name: "memory_search",
				arguments: { query: "Lost edits after concurrent save" },
			});
			const results = (found.structuredContent as { results: { node_id: string; last_used: string }[] }).results;
			return results.find((hit) => hit.node_id === "Incidents/Lost edits after concurrent save.md")?.last_used ?? "";
		};
		const before = await lastUsed();
		const result = await runHook(
			[CLI, "hook", "UserPromptSubmit"],
			{
				...base(),
				permission_mode: "default",
				hook_event_name: "UserPromptSubmit",
				prompt: "Why did we lose edits after a concurrent save?",
			},
			env,
		);
		const context = injected(result, "UserPromptSubmit");
		expect(context).toContain("- Incidents/Lost edits after concurrent save.md: ");
		expect(context.length).toBeLessThanOrEqual(1500);
		expect(context.split("\n- ").length - 1).toBeLessThanOrEqual(3);
		expect(await lastUsed()).toBe(before);
	});

	it("UserPromptSubmit: prints nothing for a prompt the vault knows nothing about", async () => {
		const result = await runHook(
			[HOOK, "UserPromptSubmit"],
			{ ...base(), hook_event_name: "UserPromptSubmit", prompt: "Write a haiku about the sea" },
			env,
		);
		expect(result).toMatchObject({ code: 0, stdout: "" });
	});

	it("PreCompact, then SessionEnd: one session note derived from the memories the session used, a new version only when something changed", async () => {
		const recalled = JSON.stringify({ results: [{ node_id: "Memory/Lost edits came from clock skew.md" }] });
		const lines = [
			{ type: "user", message: { role: "user", content: "Why did we lose edits after a concurrent save?" } },
			{
				type: "assistant",
				message: {
					role: "assistant",
					content: [
						{
							type: "tool_use",
							id: "toolu_01",
							name: "mcp__plugin_causal-memory_causal-memory__memory_recall",
							input: { query: "lost edits" },
						},
					],
				},
			},
			{
				type: "user",
				message: {
					role: "user",
					content: [{ type: "tool_result", tool_use_id: "toolu_01", content: [{ type: "text", text: recalled }] }],
				},
			},
		];
		await writeFile(transcript, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
		const preCompact = await runHook(
			[HOOK, "PreCompact"],
			{ ...base(), hook_event_name: "PreCompact", trigger: "auto", custom_instructions: "" },
			env,
		);
		// PreCompact's stdout would become compaction instructions: a checkpoint prints nothing.
		expect(preCompact).toMatchObject({ code: 0, stdout: "" });
		const notes = async () =>
			(await readdir(join(vault, "Memory"))).filter((name) => name.startsWith("Claude Code session"));
		const [first] = await notes();
		expect(first).toMatch(/^Claude Code session \d{4}-\d{2}-\d{2} harbor 5d9e1c7a\.md$/);
		const text = await readFile(join(vault, "Memory", first ?? ""), "utf8");
		expect(text).toContain('- "[[Lost edits came from clock skew]]"');
		expect(text).toContain("- Why did we lose edits after a concurrent save?");
		expect(text).toMatch(/tags:\n {2}- claude-code-session\n {2}- harbor/);

		const traversed = await client.callTool({
			name: "memory_traverse",
			arguments: { node_id: `Memory/${first ?? ""}`, edge_types: ["derived_from"], direction: "out", depth: 1 },
		});
		expect(JSON.stringify(traversed.structuredContent)).toContain("Memory/Lost edits came from clock skew.md");

		const end = { ...base(), hook_event_name: "SessionEnd", reason: "prompt_input_exit" };
		expect(await runHook([HOOK, "SessionEnd"], end, env)).toMatchObject({ code: 0, stdout: "" });
		expect(await notes()).toHaveLength(1);

		lines.push({ type: "user", message: { role: "user", content: "And who owns the sync protocol now?" } });
		await writeFile(transcript, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
		await runHook([HOOK, "SessionEnd"], end, env);
		const versions = await notes();
		expect(versions).toHaveLength(2);
		const newest = versions.find((name) => name !== first) ?? "";
		const newer = await readFile(join(vault, "Memory", newest), "utf8");
		expect(newer).toContain(`supersedes:\n  - "[[${(first ?? "").replace(/\.md$/, "")}]]"`);
		expect(newer).toContain("- And who owns the sync protocol now?");
	});

	it("fails open: server down or wrong token gives exit 0, no output, well within 1 s, and a log line", async () => {
		const prompt = { ...base(), hook_event_name: "UserPromptSubmit", prompt: "Why did we lose edits?" };
		const down = await runHook([HOOK, "UserPromptSubmit"], prompt, {
			...env,
			CAUSAL_MEMORY_URL: "http://127.0.0.1:9/mcp",
		});
		expect(down).toMatchObject({ code: 0, stdout: "" });
		expect(down.ms).toBeLessThan(1000);
		const wrong = await runHook(
			[CLI, "hook", "SessionStart"],
			{ ...base(), hook_event_name: "SessionStart" },
			{
				...env,
				CAUSAL_MEMORY_TOKEN: "x".repeat(43),
			},
		);
		expect(wrong).toMatchObject({ code: 0, stdout: "" });
		expect(wrong.ms).toBeLessThan(1000);
		const garbage = await runHook([HOOK, "SessionEnd"], "not a payload", env);
		expect(garbage).toMatchObject({ code: 0, stdout: "" });
		const log = await readFile(join(stateHome, "causal-memory", "hooks", "hook.log"), "utf8");
		expect(log).toContain("hook UserPromptSubmit: connect ECONNREFUSED");
		expect(log).toContain("hook SessionStart: HTTP 401");
		expect(log).toContain("hook SessionEnd: the hook input is not a JSON object");
	});

	it("is off when its environment variable says so", async () => {
		const prompt = {
			...base(),
			hook_event_name: "UserPromptSubmit",
			prompt: "Why did we lose edits after a concurrent save?",
		};
		const off = await runHook([HOOK, "UserPromptSubmit"], prompt, { ...env, CAUSAL_MEMORY_HOOK_PROMPT_RECALL: "off" });
		expect(off).toMatchObject({ code: 0, stdout: "" });
		const allOff = await runHook([HOOK, "UserPromptSubmit"], prompt, { ...env, CAUSAL_MEMORY_HOOKS: "0" });
		expect(allOff).toMatchObject({ code: 0, stdout: "" });
	});
});
