import { z } from "zod";
import { once } from "../util/once";

/*
 * One writer per vault state folder and host: `serve`, `maintain` and the plugin take a lock
 * file with their pid and a heartbeat. The file is named after the host, because the state
 * folder is synced: another machine's lock arrives as a copy and says nothing about this one
 * (other devices write their own activity files, see store-files.ts).
 */

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const lockHolderSchema = once(() => {
	return z.object({
		/** Random per acquisition: tells our own lock from another process's. */
		token: z.string(),
		program: z.string(),
		pid: z.number().int(),
		host: z.string(),
		startedAt: z.number(),
		heartbeatAt: z.number(),
	});
});

export type LockHolder = z.infer<ReturnType<typeof lockHolderSchema>>;

export interface LockTiming {
	/** How often the holder rewrites its heartbeat. */
	heartbeatMs: number;
	/** A lock without a heartbeat for this long is taken over. */
	staleMs: number;
}

// Not more often: the state folder is synced, and every heartbeat is a file change a sync tool sends.
export const DEFAULT_LOCK_TIMING: LockTiming = { heartbeatMs: 30_000, staleMs: 120_000 };

export function lockFileName(host: string): string {
	const name = host
		.toLowerCase()
		.replace(/[^a-z0-9.-]+/g, "-")
		.slice(0, 64);
	return `writer-${name || "host"}.lock`;
}

export function parseLockHolder(text: string | null): LockHolder | null {
	if (text === null) return null;
	try {
		const parsed = lockHolderSchema().safeParse(JSON.parse(text));
		return parsed.success ? parsed.data : null;
	} catch {
		return null;
	}
}

export interface LockContext {
	host: string;
	pid: number;
	now: number;
	staleMs: number;
	/** Whether a process of this host with that pid is running. */
	isAlive: (pid: number) => boolean;
}

/**
 * Whether `holder` is another engine of this very process that is still alive (heartbeat within
 * `staleMs`): a plugin reloaded or updated in place, whose previous instance is still stopping.
 * Its lock is waited for, never taken over, so two engines never share one activity log.
 */
export function isPredecessorInProcess(holder: LockHolder | null, context: LockContext & { token: string }): boolean {
	return (
		holder !== null &&
		holder.host === context.host &&
		holder.pid === context.pid &&
		holder.token !== context.token &&
		context.now - holder.heartbeatAt <= context.staleMs
	);
}

/** Null when `holder` may be taken over (absent, ours, ended, silent too long), else why not. */
export function lockConflict(holder: LockHolder | null, context: LockContext): string | null {
	if (holder === null) return null;
	const sameHost = holder.host === context.host;
	if (sameHost && (holder.pid === context.pid || !context.isAlive(holder.pid))) return null;
	if (context.now - holder.heartbeatAt > context.staleMs) return null;
	const ago = Math.max(0, Math.round((context.now - holder.heartbeatAt) / 1000));
	return (
		`Another Causal Memory process is already using this vault: ${holder.program} (pid ${holder.pid} on ${holder.host}), ` +
		`running since ${new Date(holder.startedAt).toISOString()}, last heartbeat ${ago} s ago. ` +
		`Stop it first (only one of "causal-memory serve", "causal-memory maintain" and the Obsidian plugin may write a vault's state at a time). ` +
		`A lock whose process has ended, or that has had no heartbeat for ${Math.round(context.staleMs / 1000)} s, is taken over.`
	);
}
