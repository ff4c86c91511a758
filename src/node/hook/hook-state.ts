import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import { join } from "node:path";
import { stateHome } from "../device-id";

/** What the hooks remember about one Claude Code session between their processes. */
export interface HookSessionState {
	/** The session note written by the last checkpoint (the newest version). */
	checkpoint?: string;
	/** Every session note of this session, oldest first: never linked as a memory the session used. */
	checkpoints?: string[];
	/** What the last checkpoint wrote, so an unchanged session is not written again. */
	checkpointKey?: string;
	/** Memories the hooks showed Claude in this session, first shown first. */
	shown?: string[];
	/** The prompts seen by UserPromptSubmit, clipped as a session note keeps them: the checkpoint's fallback when the transcript cannot be read. */
	prompts?: string[];
}

/** Where the hooks keep their state and log: `<state home>/causal-memory/hooks` (CAUSAL_MEMORY_STATE_HOME moves it). */
export function hookFolder(env: NodeJS.ProcessEnv): string {
	return join(stateHome(env), "causal-memory", "hooks");
}

function sessionFile(folder: string, sessionId: string): string {
	return join(folder, "sessions", `${createHash("sha256").update(sessionId).digest("hex").slice(0, 24)}.json`);
}

/** The session's state; empty when there is none yet or it cannot be read. */
export async function readSessionState(folder: string, sessionId: string): Promise<HookSessionState> {
	try {
		const parsed: unknown = JSON.parse(await fs.readFile(sessionFile(folder, sessionId), "utf8"));
		if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
		return parsed;
	} catch {
		return {};
	}
}

/**
 * Replaces the session's state (temp file, then rename: never half a file). Not fsynced: it runs
 * before every prompt, and losing it to a power cut only loses links of a session note.
 */
export async function writeSessionState(folder: string, sessionId: string, state: HookSessionState): Promise<void> {
	const file = sessionFile(folder, sessionId);
	await fs.mkdir(join(folder, "sessions"), { recursive: true, mode: 0o700 });
	const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
	await fs.writeFile(temp, JSON.stringify(state), { mode: 0o600 });
	await fs.rename(temp, file).catch(async (error: unknown) => {
		await fs.rm(temp, { force: true });
		throw error;
	});
}

/** The log grows to this size, then starts again (the previous one is kept as hook.log.1). */
const LOG_BYTES = 512 * 1024;

/** Appends one line to the hooks' log; never throws (the log must not break a prompt either). */
export async function logHookLine(folder: string, line: string, now: Date): Promise<void> {
	try {
		await fs.mkdir(folder, { recursive: true, mode: 0o700 });
		const log = join(folder, "hook.log");
		const size = await fs.stat(log).then(
			(stats) => stats.size,
			() => 0,
		);
		if (size > LOG_BYTES) await fs.rename(log, `${log}.1`);
		await fs.appendFile(log, `${now.toISOString()} ${line}\n`, { mode: 0o600 });
	} catch {
		// Nowhere left to report it.
	}
}
