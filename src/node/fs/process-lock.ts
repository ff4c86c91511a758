import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { LockIdentity } from "../../engine/activity/writer-lock";

/** Whether a process with this pid runs on this machine (EPERM: it runs, under another user). */
function isProcessAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/** This process as the holder of a vault's writer lock. */
export function processLockIdentity(program: string): LockIdentity {
	return {
		program,
		pid: process.pid,
		host: hostname(),
		token: randomBytes(12).toString("hex"),
		isAlive: isProcessAlive,
	};
}
