/**
 * The Claude Code hooks: how long `UserPromptSubmit` takes end to end (a new hook process per
 * prompt, as Claude Code runs it: node start, reading the payload, the MCP calls, the output)
 * against `causal-memory serve` on a synthetic vault, and how often it shows nothing: on the
 * LoCoMo dev questions asked of a vault of their conversations, versus prompts about other things.
 *
 *   npm run build && npm run bench -- hooks [--notes 10000] [--seed 1] [--runs 200] [--cli-runs 30] [--no-latency] [--no-locomo] [--data FILE]
 *
 * --runs: hook processes timed (dist/hook.cjs); --cli-runs: the same through `causal-memory hook`
 * (dist/cli.cjs). Serve runs without an embedding model (keyword + graph recall), as it does by
 * default. The LoCoMo part asks each prompt's recall once and compares gates (src/core/hooks/recall-gate.ts)
 * on the same answers: how often nothing is shown, and how often what is shown holds the answer.
 * The LoCoMo data is read from ../shared/eval/locomo/locomo-dev.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { memoriesWorthShowing, type RecallGate, type RecalledMemory } from "../src/core/hooks/recall-gate";
import { HOOK_DEFAULTS } from "../src/core/model/hook-defaults";
import { hookCommand } from "../src/node/hook/hook-command";
import { McpHttpClient } from "../src/node/hook/mcp-http-client";
import { READY_LINE } from "../src/node/cli/serve-command";
import { printLine } from "../src/node/cli/terminal";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { loadLocomo } from "./locomo/locomo-data";
import { conversationNotes, turnPath } from "./locomo/locomo-vault";
import { percentile } from "./percentile";
import { syntheticPlan } from "./generate-vault";
import { syntheticQuestions } from "./synthetic-questions";
import { formatTable } from "./table";

const CLI = resolve("dist", "cli.cjs");
const HOOK = resolve("dist", "hook.cjs");

/**
 * Prompts a developer gives a coding agent that no note of these vaults is about. Written for
 * this bench; a hook that injects memories for most of them wastes context.
 */
const UNRELATED_PROMPTS = [
	"Fix the failing unit test in the parser module",
	"Refactor this function to use async/await instead of callbacks",
	"Why does the TypeScript compiler complain about an implicit any here?",
	"Add a GitHub Actions workflow that runs the linter on pull requests",
	"Rename the variable tmp to something clearer",
	"Write a regular expression that matches ISO 8601 dates",
	"Explain what this SQL query does",
	"Bump the version to 2.3.0 and update the changelog",
	"Convert this class component to a React hook",
	"How do I undo the last git commit but keep the changes?",
	"Make the build faster by caching node_modules in CI",
	"Add pagination to the users endpoint",
	"The Docker image is too large, slim it down",
	"Write a bash script that renames all .jpeg files to .jpg",
	"Why is this Python list comprehension slower than a loop?",
	"Add type hints to the functions in utils.py",
	"Set up ESLint with the recommended rules",
	"Generate a migration that adds an index on the email column",
	"What is the time complexity of this algorithm?",
	"Replace moment.js with date-fns",
	"Add a dark mode toggle to the settings page",
	"Make the table header sticky when scrolling",
	"Write a Dockerfile for this Go service",
	"The tests pass locally but fail in CI, help me find out why",
	"Implement a debounce function in TypeScript",
	"Add retry with exponential backoff to the HTTP client",
	"Split this 500 line file into smaller modules",
	"Document the public API of the logger package",
	"Translate the error messages into German",
	"Add a health check endpoint returning 200",
	"Why does npm install fail with ERESOLVE?",
	"Write property-based tests for the sort function",
	"Remove the unused imports in this file",
	"Make the CLI print its version with --version",
	"Configure Prettier to use tabs",
	"What does the borrow checker error E0502 mean?",
	"Add a Makefile target for running the benchmarks",
	"Create a Kubernetes deployment manifest with three replicas",
	"Optimize the image loading on the landing page",
	"Add input validation to the signup form",
];

interface Served {
	child: ChildProcess;
	url: string;
	token: string;
}

/** Starts `causal-memory serve` on `vault` and waits until every tool is ready. */
async function serve(vault: string): Promise<Served> {
	const child = spawn(process.execPath, [CLI, "serve", "--vault", vault, "--port", "0"], {
		stdio: ["ignore", "pipe", "pipe"],
	});
	let stdout = "";
	let stderr = "";
	const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
	await new Promise<void>((resolve, reject) => {
		const check = (): void => {
			if (stdout.includes("Press Ctrl+C to stop.") && stderr.includes(READY_LINE)) resolve();
		};
		child.stdout?.on("data", (chunk: Buffer) => ((stdout += chunk.toString()), check()));
		child.stderr?.on("data", (chunk: Buffer) => ((stderr += chunk.toString()), check()));
		void exited.then(() => reject(new Error(`serve exited before it was ready:\n${stderr}`)));
	});
	const url = /MCP URL: (\S+)/.exec(stdout)?.[1];
	const token = /Token: (\S+)/.exec(stdout)?.[1];
	if (!url || !token) throw new Error(`no URL or token in serve's banner:\n${stdout}`);
	return { child, url, token };
}

/** The environment a hook process gets to reach `served`, its state kept in `stateHome`. */
function hookEnv(served: Served, stateHome: string): NodeJS.ProcessEnv {
	return {
		...process.env,
		CAUSAL_MEMORY_URL: served.url,
		CAUSAL_MEMORY_TOKEN: served.token,
		CAUSAL_MEMORY_STATE_HOME: stateHome,
	};
}

async function stop(served: Served): Promise<void> {
	const exited = new Promise<void>((resolve) => served.child.on("exit", () => resolve()));
	served.child.kill("SIGTERM");
	await exited;
}

interface Timed {
	ms: number;
	/** CPU time of the process (user + system), when /usr/bin/time can tell. */
	cpuMs: number | null;
	injected: boolean;
}

const TIME = "/usr/bin/time";

/**
 * One hook process: the payload on stdin, timed from spawn to exit, and its CPU time. On a busy
 * machine the wall time is mostly waiting for a core; the CPU time is what the hook costs.
 */
function timedProcess(args: readonly string[], stdin: string, env: NodeJS.ProcessEnv): Promise<Timed> {
	const started = performance.now();
	const viaTime = existsSync(TIME);
	const [command, argv] = viaTime
		? [TIME, ["-f", "cpu %U %S", process.execPath, ...args]]
		: [process.execPath, [...args]];
	return new Promise((resolve, reject) => {
		const child = spawn(command, argv, { env, stdio: ["pipe", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
		child.on("error", reject);
		child.on("exit", () => {
			const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
			resolve({
				ms: performance.now() - started,
				cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null,
				injected: stdout.trim() !== "",
			});
		});
		child.stdin.end(stdin);
	});
}

/** CPU milliseconds a process has used so far (Linux /proc; null elsewhere). */
function processCpuMs(pid: number | undefined): number | null {
	try {
		const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
	} catch {
		return null;
	}
}

function payload(prompt: string, cwd: string): string {
	return JSON.stringify({
		session_id: "hooks-bench",
		transcript_path: join(cwd, "transcript.jsonl"),
		cwd,
		permission_mode: "default",
		hook_event_name: "UserPromptSubmit",
		prompt,
	});
}

function latencyRow(label: string, times: readonly Timed[], serverCpuMs: number | null): (string | number)[] {
	const ms = times.map((time) => time.ms);
	const cpu = times.flatMap((time) => (time.cpuMs === null ? [] : [time.cpuMs]));
	const fmt = (values: readonly number[], p: number): string =>
		values.length === 0 ? "—" : percentile(values, p).toFixed(0);
	return [
		label,
		times.length,
		fmt(ms, 50),
		fmt(ms, 95),
		fmt(cpu, 50),
		fmt(cpu, 95),
		serverCpuMs === null ? "—" : serverCpuMs.toFixed(1),
		`${((100 * times.filter((time) => time.injected).length) / times.length).toFixed(0)} %`,
	];
}

async function latency(flags: ReturnType<typeof parseFlags>, work: string): Promise<void> {
	const notes = flags.number("notes", 10_000);
	const seed = flags.number("seed", 1);
	const runs = flags.number("runs", 200);
	const cliRuns = flags.number("cli-runs", 30);
	const vault = await benchVault(notes, seed);
	const copy = join(work, "vault");
	await mkdir(copy);
	await cp(vault.dir, copy, { recursive: true });
	const served = await serve(copy);
	const env = hookEnv(served, join(work, "state"));
	try {
		const questions = (await syntheticQuestions(vault.dir, syntheticPlan(notes, seed).plan, seed)).map(
			(q) => q.question,
		);
		const prompts = Array.from({ length: runs }, (_, i) =>
			i % 2 === 0
				? (questions[(i / 2) % questions.length] ?? "")
				: (UNRELATED_PROMPTS[i % UNRELATED_PROMPTS.length] ?? ""),
		);
		const cwd = join(work, "project");
		await mkdir(cwd, { recursive: true });
		const bare: Timed[] = [];
		for (let i = 0; i < 30; i++) bare.push(await timedProcess(["-e", "0"], "", env));
		for (let i = 0; i < 5; i++) await timedProcess([HOOK, "UserPromptSubmit"], payload(prompts[i] ?? "", cwd), env);
		const perCall = async (work: () => Promise<Timed[]>): Promise<{ times: Timed[]; serverCpuMs: number | null }> => {
			const before = processCpuMs(served.child.pid);
			const times = await work();
			const after = processCpuMs(served.child.pid);
			return { times, serverCpuMs: before === null || after === null ? null : (after - before) / times.length };
		};
		const hook = await perCall(async () => {
			const times: Timed[] = [];
			for (const prompt of prompts)
				times.push(await timedProcess([HOOK, "UserPromptSubmit"], payload(prompt, cwd), env));
			return times;
		});
		const cli = await perCall(async () => {
			const times: Timed[] = [];
			for (const prompt of prompts.slice(0, cliRuns))
				times.push(await timedProcess([CLI, "hook", "UserPromptSubmit"], payload(prompt, cwd), env));
			return times;
		});
		printLine(
			`UserPromptSubmit end to end (process start to exit) on ${notes.toLocaleString("en")} notes, half synthetic questions, half unrelated prompts; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
		);
		printLine(
			formatTable(
				["process", "runs", "wall p50 ms", "wall p95 ms", "CPU p50 ms", "CPU p95 ms", "server CPU ms/call", "injected"],
				[
					latencyRow("node -e 0 (Node start alone)", bare, null),
					latencyRow("node dist/hook.cjs UserPromptSubmit", hook.times, hook.serverCpuMs),
					latencyRow("node dist/cli.cjs hook UserPromptSubmit", cli.times, cli.serverCpuMs),
				],
			),
		);
		printLine(
			"CPU: the hook process's user + system time (/usr/bin/time); server CPU: serve's CPU time over the runs / runs (/proc, 10 ms ticks). On an idle machine a hook takes about the two added.",
		);
	} finally {
		await stop(served);
	}
}

/** A gate to compare, and whether it is the default. */
const GATES: readonly { label: string; gate: RecallGate }[] = [
	{
		label: `default (minTerms ${HOOK_DEFAULTS.minTerms}, minCoverage ${HOOK_DEFAULTS.minCoverage})`,
		gate: HOOK_DEFAULTS,
	},
	{ label: "minTerms 2", gate: { ...HOOK_DEFAULTS, minTerms: 2 } },
	{ label: "minTerms 2, minCoverage 0", gate: { ...HOOK_DEFAULTS, minTerms: 2, minCoverage: 0 } },
	{ label: "minCoverage 0.67", gate: { ...HOOK_DEFAULTS, minCoverage: 0.67 } },
	{ label: "minTerms 4", gate: { ...HOOK_DEFAULTS, minTerms: 4 } },
];

interface Asked {
	prompt: string;
	hits: RecalledMemory[];
	/** Ids of the memories holding the answer (LoCoMo's evidence turns); empty for unrelated prompts. */
	evidence: Set<string>;
}

function shownFor(asked: Asked, gate: RecallGate): RecalledMemory[] {
	return memoriesWorthShowing(asked.prompt, asked.hits, gate).slice(0, HOOK_DEFAULTS.promptRecallLimit);
}

async function nothingShown(flags: ReturnType<typeof parseFlags>, work: string): Promise<void> {
	const data = flags.text("data") ?? resolve("..", "shared", "eval", "locomo", "locomo-dev.json");
	if (!existsSync(data)) {
		printLine(`LoCoMo: skipped, ${data} is missing`);
		return;
	}
	const conversations = await loadLocomo(data);
	const vault = join(work, "locomo-vault");
	for (const [index, conversation] of conversations.entries()) {
		for (const [path, text] of conversationNotes(conversation)) {
			const file = join(vault, `c${index}`, path);
			await mkdir(dirname(file), { recursive: true });
			await writeFile(file, text);
		}
	}
	const served = await serve(vault);
	const env = hookEnv(served, join(work, "state-locomo"));
	const cwd = join(work, "project");
	await mkdir(cwd, { recursive: true });
	try {
		// The recall the hook makes (k = 6, read-only, concise), once per prompt; the gates are compared on the same answers.
		const client = new McpHttpClient({
			url: served.url,
			token: served.token,
			signal: new AbortController().signal,
			clientVersion: "bench",
		});
		await client.connect();
		const ask = async (prompt: string, evidence: Set<string>): Promise<Asked> => {
			const answer = await client.callTool("memory_recall", {
				query: prompt,
				k: 6,
				verbosity: "concise",
				read_only: true,
			});
			return { prompt, hits: answer.results as RecalledMemory[], evidence };
		};
		const locomo: Asked[] = [];
		for (const [index, conversation] of conversations.entries())
			for (const question of conversation.questions)
				if (question.category >= 1 && question.category <= 4)
					locomo.push(
						await ask(question.question, new Set(question.evidence.map((id) => `c${index}/${turnPath(id)}`))),
					);
		const unrelated: Asked[] = [];
		for (const prompt of UNRELATED_PROMPTS) unrelated.push(await ask(prompt, new Set()));
		await client.close();
		// The hook process's own answer for the default gate, to check the table's default row is what the hook does.
		let hookNothing = 0;
		for (const asked of unrelated)
			if (
				(await hookCommand({ event: "UserPromptSubmit", stdin: payload(asked.prompt, cwd), env, version: "bench" })) ===
				null
			)
				hookNothing++;
		const share = (part: number, whole: number): string =>
			whole === 0 ? "—" : `${((100 * part) / whole).toFixed(1)} %`;
		const rows = GATES.map(({ label, gate }) => {
			const shownLocomo = locomo.map((asked) => shownFor(asked, gate));
			const shownMemories = shownLocomo.flat().length;
			const evidenceShown = locomo.reduce(
				(sum, asked, i) => sum + (shownLocomo[i] ?? []).filter((hit) => asked.evidence.has(hit.node_id)).length,
				0,
			);
			const answered = locomo.filter((asked, i) =>
				(shownLocomo[i] ?? []).some((hit) => asked.evidence.has(hit.node_id)),
			);
			return [
				label,
				share(shownLocomo.filter((shown) => shown.length === 0).length, locomo.length),
				share(answered.length, locomo.length),
				share(evidenceShown, shownMemories),
				share(unrelated.filter((asked) => shownFor(asked, gate).length === 0).length, unrelated.length),
			];
		});
		const turns = conversations.reduce((sum, c) => sum + c.sessions.reduce((n, s) => n + s.turns.length, 0), 0);
		printLine(
			`\nWhat UserPromptSubmit shows (at most ${HOOK_DEFAULTS.promptRecallLimit}), on a vault of the ${conversations.length} LoCoMo dev conversations (${turns.toLocaleString("en")} turn notes), keyword + graph recall: ${locomo.length} LoCoMo questions (categories 1–4), ${unrelated.length} unrelated prompts (coding tasks)`,
		);
		printLine(
			formatTable(
				[
					"gate",
					"LoCoMo: nothing shown",
					"LoCoMo: an evidence turn shown",
					"LoCoMo: shown that are evidence",
					"unrelated: nothing shown",
				],
				rows,
			),
		);
		printLine(
			`The hook process's own code (hookCommand, default gate) showed nothing for ${share(hookNothing, unrelated.length)} of the unrelated prompts.`,
		);
	} finally {
		await stop(served);
	}
}

async function main(): Promise<void> {
	const flags = parseFlags();
	if (!existsSync(HOOK) || !existsSync(CLI))
		throw new Error("run `npm run build` first: the bench runs dist/hook.cjs and dist/cli.cjs");
	const work = await mkdtemp(join(tmpdir(), "hooks-bench-"));
	try {
		if (!flags.has("no-latency")) await latency(flags, work);
		if (!flags.has("no-locomo")) await nothingShown(flags, work);
	} finally {
		await rm(work, { recursive: true, force: true });
	}
}

await main();
