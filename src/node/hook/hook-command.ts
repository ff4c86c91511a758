import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import { clearTimeout, setTimeout } from "node:timers";
import {
	checkpointContent,
	checkpointTitle,
	clippedPrompt,
	CHECKPOINT_LINKS,
	projectTag,
} from "../../core/hooks/checkpoint-note";
import { promptContext, sessionStartContext, shownMemory, type ShownMemory } from "../../core/hooks/hook-context";
import { isHookEvent, parseHookInput, type HookEvent, type HookInput } from "../../core/hooks/hook-input";
import { memoriesWorthShowing, type RecalledMemory } from "../../core/hooks/recall-gate";
import { readSessionUse } from "../../core/hooks/session-transcript";
import {
	SHOWN_EXCERPT_CHARS,
	SHOWN_MAX_IDS,
	SHOWN_NOTIFICATION,
	type ShownEvent,
} from "../../core/hooks/shown-notification";
import { hookSettingsFrom, type HookSettingsView } from "../../core/model/hook-defaults";
import { errorMessage } from "../../core/model/error-message";
import { hookFolder, logHookLine, readSessionState, writeSessionState, type HookSessionState } from "./hook-state";
import { McpHttpClient } from "./mcp-http-client";
import { projectCues } from "./project-cues";

/** The server the hooks talk to when CAUSAL_MEMORY_URL is not set (the default port). */
const DEFAULT_HOOK_URL = "http://127.0.0.1:27150/mcp";

/** Reading hooks give up after this long: a prompt must never wait on memory (the 1 s, less process start). */
const READ_BUDGET_MS = 800;
/** A checkpoint may take longer once the server has answered (it writes a note). */
const CHECKPOINT_BUDGET_MS = 8000;

const HOOK_SETTINGS_URI = "memory://hooks/settings";
/** Core memories named at session start. */
const SESSION_START_CORE = 12;
/** Memories relevant to the project named at session start. */
const SESSION_START_RELEVANT = 5;
/** Prompts kept in the session state, for a checkpoint whose transcript cannot be read. */
const STATE_PROMPTS = 200;
/** Characters of a prompt sent to recall (memory_recall takes at most 2 KB). */
const QUERY_CHARS = 2000;

/** Environment switches: each hook can be turned off on one machine (off, 0, false or no). */
const ENV_SWITCH: Record<HookEvent, string> = {
	SessionStart: "CAUSAL_MEMORY_HOOK_SESSION_START",
	UserPromptSubmit: "CAUSAL_MEMORY_HOOK_PROMPT_RECALL",
	PreCompact: "CAUSAL_MEMORY_HOOK_CHECKPOINTS",
	SessionEnd: "CAUSAL_MEMORY_HOOK_CHECKPOINTS",
};
const ALL_HOOKS_SWITCH = "CAUSAL_MEMORY_HOOKS";

export interface HookOptions {
	/** The event named on the command line. */
	event: string;
	/** The hook's stdin. */
	stdin: string;
	env: NodeJS.ProcessEnv;
	version: string;
	now?: () => Date;
	/** How long a reading hook may take before it gives up (READ_BUDGET_MS; tests of what it shows, not of its speed, give more). */
	readBudgetMs?: number;
}

/**
 * `causal-memory hook <event>`: answers one Claude Code hook. Returns what to print on stdout
 * (the hook's JSON output) or null to print nothing. Never throws: a server that is down, a
 * wrong token, a bad payload or any other failure gives null within READ_BUDGET_MS and a line
 * in the hooks' log, so a prompt is never broken by memory.
 */
export async function hookCommand(options: HookOptions): Promise<string | null> {
	const now = options.now ?? (() => new Date());
	const folder = hookFolder(options.env);
	try {
		if (!isHookEvent(options.event))
			throw new Error(
				`unknown hook event "${options.event}"; use SessionStart, UserPromptSubmit, PreCompact or SessionEnd`,
			);
		const event = options.event;
		if (switchedOff(options.env, ALL_HOOKS_SWITCH) || switchedOff(options.env, ENV_SWITCH[event])) return null;
		const input = parseHookInput(event, JSON.parse(options.stdin) as unknown);
		const token = options.env.CAUSAL_MEMORY_TOKEN?.trim();
		if (!token) throw new Error("CAUSAL_MEMORY_TOKEN is not set: the hooks cannot reach the memory server");
		return await withBudget(options.readBudgetMs ?? READ_BUDGET_MS, async (budget) => {
			const client = new McpHttpClient({
				url: options.env.CAUSAL_MEMORY_URL?.trim() || DEFAULT_HOOK_URL,
				token,
				signal: budget.signal,
				clientVersion: options.version,
			});
			await client.connect();
			try {
				const settings = await readSettings(client);
				const run: HookRun = { input, settings, client, folder, now };
				if (event === "SessionStart") return settings.sessionStart ? await sessionStart(run) : null;
				if (event === "UserPromptSubmit") return settings.promptRecall ? await promptRecall(run) : null;
				if (!settings.checkpoints) return null;
				budget.extend(CHECKPOINT_BUDGET_MS);
				await checkpoint(run);
				return null;
			} finally {
				await client.close();
			}
		});
	} catch (error) {
		await logHookLine(folder, `hook ${options.event}: ${errorMessage(error)}`, now());
		return null;
	}
}

function switchedOff(env: NodeJS.ProcessEnv, name: string): boolean {
	return /^(off|0|false|no)$/i.test(env[name]?.trim() ?? "");
}

interface Budget {
	signal: AbortSignal;
	/** Gives the work `ms` more from now. */
	extend(ms: number): void;
}

/** Runs `work` with a signal that aborts after `ms` (or later, when extended); the timer never holds the process. */
async function withBudget<T>(ms: number, work: (budget: Budget) => Promise<T>): Promise<T> {
	const controller = new AbortController();
	const abort = (): void => controller.abort(new Error("the memory server did not answer in time"));
	let timer = setTimeout(abort, ms);
	timer.unref();
	const budget: Budget = {
		signal: controller.signal,
		extend: (more) => {
			clearTimeout(timer);
			timer = setTimeout(abort, more);
			timer.unref();
		},
	};
	try {
		return await work(budget);
	} finally {
		clearTimeout(timer);
	}
}

interface HookRun {
	input: HookInput;
	settings: HookSettingsView;
	client: McpHttpClient;
	folder: string;
	now: () => Date;
}

/** The hook settings from the server; a server without the resource (an older version) means the defaults. */
async function readSettings(client: McpHttpClient): Promise<HookSettingsView> {
	const text = await client.readResource(HOOK_SETTINGS_URI).catch(() => "{}");
	return hookSettingsFrom(JSON.parse(text) as unknown);
}

function additionalContext(event: HookEvent, context: string): string {
	return JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: context } });
}

async function recall(client: McpHttpClient, query: string, k: number): Promise<RecalledMemory[]> {
	const answer = await client.callTool("memory_recall", {
		query: query.slice(0, QUERY_CHARS),
		k,
		verbosity: "concise",
		read_only: true,
	});
	return Array.isArray(answer.results) ? (answer.results as RecalledMemory[]) : [];
}

async function sessionStart(run: HookRun): Promise<string | null> {
	const cues = await projectCues(run.input.cwd);
	const query = [cues.name, cues.remote?.replace("/", " ")].filter(Boolean).join(" ");
	const core = await run.client.callTool("list_core_memories", {});
	const coreList = Array.isArray(core.memories)
		? (core.memories as { node_id: string; category: string | null }[])
		: [];
	const coreShown: ShownMemory[] = coreList
		.slice(0, SESSION_START_CORE)
		.map((memory) => ({ id: memory.node_id, text: memory.category ?? "" }));
	const coreIds = new Set(coreShown.map((memory) => memory.id));
	const state = await readSessionState(run.folder, run.input.sessionId);
	const own = new Set(state.checkpoints ?? []);
	const hits = await recall(run.client, query, SESSION_START_RELEVANT * 2);
	const relevant = memoriesWorthShowing(query, hits, { ...run.settings, minTerms: 1, minCoverage: 0 })
		.filter((hit) => !coreIds.has(hit.node_id) && !own.has(hit.node_id))
		.slice(0, SESSION_START_RELEVANT)
		.map(shownMemory);
	// Only what fits the context was shown: that is what the session note will link to.
	const context = sessionStartContext({ project: cues.name, core: coreShown, relevant });
	await remember(run, state, context.shown);
	await report(
		run,
		"SessionStart",
		"",
		context.shown.map((memory) => memory.id),
	);
	return additionalContext("SessionStart", context.text);
}

async function promptRecall(run: HookRun): Promise<string | null> {
	const prompt = run.input.prompt ?? "";
	const limit = run.settings.promptRecallLimit;
	const state = await readSessionState(run.folder, run.input.sessionId);
	state.prompts = [...(state.prompts ?? []), clippedPrompt(prompt)].slice(-STATE_PROMPTS);
	let shown: ShownMemory[] = [];
	if (limit > 0 && prompt.trim() !== "") {
		const own = new Set(state.checkpoints ?? []);
		const hits = await recall(run.client, prompt, Math.max(limit * 2, 5));
		shown = memoriesWorthShowing(prompt, hits, run.settings)
			.filter((hit) => !own.has(hit.node_id))
			.slice(0, limit)
			.map(shownMemory);
	}
	const context = promptContext(shown);
	await remember(run, state, context?.shown ?? []);
	if (context === null) return null;
	await report(
		run,
		"UserPromptSubmit",
		prompt,
		context.shown.map((memory) => memory.id),
	);
	return additionalContext("UserPromptSubmit", context.text);
}

/** Saves the session state with `shown` added to the memories shown so far. */
async function remember(run: HookRun, state: HookSessionState, shown: readonly ShownMemory[]): Promise<void> {
	const ids = new Set(state.shown ?? []);
	for (const memory of shown) ids.add(memory.id);
	state.shown = [...ids];
	await writeSessionState(run.folder, run.input.sessionId, state);
}

/** Today as YYYY-MM-DD in local time (the day the user sees). */
function localDay(date: Date): string {
	const pad = (n: number): string => String(n).padStart(2, "0");
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Writes the session note: its prompts, derived_from the memories it used, tagged with the project.
 * The first checkpoint stores it; a later one that has something new stores the new version
 * superseding the last (a memory is never rewritten in place), so recall shows only the newest.
 */
async function checkpoint(run: HookRun): Promise<void> {
	const state = await readSessionState(run.folder, run.input.sessionId);
	const transcript =
		run.input.transcriptPath === undefined
			? null
			: await fs.readFile(run.input.transcriptPath, "utf8").catch(() => null);
	const use = transcript === null ? { prompts: [], memoryIds: [] } : readSessionUse(transcript);
	const prompts = use.prompts.length > 0 ? use.prompts : (state.prompts ?? []);
	const own = new Set(state.checkpoints ?? []);
	const used = [...new Set([...use.memoryIds, ...(state.shown ?? [])])]
		.filter((id) => !own.has(id))
		.slice(0, CHECKPOINT_LINKS);
	if (prompts.length === 0 && used.length === 0) return;
	const cues = await projectCues(run.input.cwd);
	const day = localDay(run.now());
	const content = checkpointContent({ sessionId: run.input.sessionId, project: cues.name, day, prompts });
	const key = createHash("sha256")
		.update(JSON.stringify([content, used]))
		.digest("hex");
	if (state.checkpointKey === key && state.checkpoint !== undefined) return;
	const tag = projectTag(cues.name);
	const args = {
		content,
		title: checkpointTitle({ sessionId: run.input.sessionId, project: cues.name, day }),
		category: "session",
		tags: tag === null ? ["claude-code-session"] : ["claude-code-session", tag],
		source_session: run.input.sessionId,
		allow_duplicate: true,
	};
	const supersedes = state.checkpoint === undefined ? [] : [{ id: state.checkpoint, type: "supersedes" }];
	const related = [...used.map((id) => ({ id, type: "derived_from" })), ...supersedes];
	const stored = await run.client
		.callTool("memory_store", { ...args, related })
		// A memory deleted or renamed since the session used it fails the whole store: keep the links that still resolve.
		.catch(async () => run.client.callTool("memory_store", { ...args, related: await resolvable(run, related) }));
	const nodeId = String(stored.node_id);
	state.checkpoint = nodeId;
	state.checkpoints = [...own, nodeId];
	state.checkpointKey = key;
	await writeSessionState(run.folder, run.input.sessionId, state);
	await report(run, "checkpoint", prompts[0] ?? "", [nodeId]);
}

/** Tells the server what was shown (or saved), for the memory view; a server that does not listen ignores it. */
async function report(run: HookRun, event: ShownEvent, prompt: string, ids: readonly string[]): Promise<void> {
	if (ids.length === 0) return;
	await run.client.notify(SHOWN_NOTIFICATION, {
		event,
		excerpt: prompt.replace(/\s+/g, " ").trim().slice(0, SHOWN_EXCERPT_CHARS),
		node_ids: ids.slice(0, SHOWN_MAX_IDS),
	});
}

async function resolvable(
	run: HookRun,
	related: readonly { id: string; type: string }[],
): Promise<{ id: string; type: string }[]> {
	const kept: { id: string; type: string }[] = [];
	for (const link of related) {
		const found = await run.client.callTool("memory_get", { node_id: link.id }).then(
			() => true,
			() => false,
		);
		if (found) kept.push(link);
	}
	return kept;
}
