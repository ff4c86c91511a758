import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { clearTimeout, setTimeout } from "node:timers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockFileName } from "../../../src/core/activity/writer-lock";
import { REPO_ROOT, startServeProcess } from "../../helpers/serve-process";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../../fakes/obsidian/vault";

const CLI = join(REPO_ROOT, "dist", "cli.cjs");

/** Runs a serve that is expected to refuse; its exit code and stderr. */
function refusedServe(vault: string): Promise<{ code: number | null; stderr: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [CLI, "serve", "--vault", vault, "--port", "0"], {
			stdio: ["ignore", "ignore", "pipe"],
		});
		let stderr = "";
		child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
		child.on("exit", (code) => {
			clearTimeout(timer);
			resolve({ code, stderr });
		});
	});
}

describe("one writer per vault: serve takes a lock with pid and heartbeat (issue 12.8)", () => {
	let dir: string;
	let vault: string;
	let lockPath: string;

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "serve-lock-"));
		// Device ids go to a state home of the test's own, not the user's.
		process.env.CAUSAL_MEMORY_STATE_HOME = join(dir, "state-home");
		vault = join(dir, "vault");
		await mkdir(join(vault, "Memory"), { recursive: true });
		await writeFile(join(vault, "Memory", "A.md"), "# A\n\nLinks to [[B]].\n");
		await writeFile(join(vault, "Memory", "B.md"), "# B\n");
		lockPath = join(vault, CONFIG_DIR, "plugins", "causal-memory", "state", lockFileName(hostname()));
	});

	afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	it("refuses a second serve with a message naming the first one's pid and start, and frees the lock on stop", async () => {
		const first = await startServeProcess(vault);
		try {
			const second = await refusedServe(vault);
			expect(second.code).toBe(1);
			expect(second.stderr).toContain(
				`Another Causal Memory process is already using this vault: causal-memory serve (pid ${first.process.pid} on ${hostname()}), running since 20`,
			);
			expect(first.process.exitCode).toBeNull();
		} finally {
			expect(await first.stop()).toBe(0);
		}
		await expect(readFile(lockPath, "utf8")).rejects.toThrow(/ENOENT/);
	}, 60_000);

	it("takes over a lock left by a SIGKILLed serve", async () => {
		const killed = await startServeProcess(vault);
		killed.process.kill("SIGKILL");
		await killed.exited;
		const left = JSON.parse(await readFile(lockPath, "utf8")) as { pid: number };
		expect(left.pid).toBe(killed.process.pid);
		const next = await startServeProcess(vault);
		const taken = JSON.parse(await readFile(lockPath, "utf8")) as { pid: number };
		expect(taken.pid).toBe(next.process.pid);
		expect(await next.stop()).toBe(0);
	}, 60_000);

	it("takes over a lock whose heartbeat is old even when its pid runs (a reused pid)", async () => {
		const now = Date.now();
		const stale = {
			token: "x",
			program: "causal-memory serve",
			pid: process.pid,
			host: hostname(),
			startedAt: now - 3_600_000,
			heartbeatAt: now - 300_000,
		};
		// process.pid is alive (this test), so only the old heartbeat makes the lock stale.
		await writeFile(lockPath, JSON.stringify(stale));
		const next = await startServeProcess(vault);
		const taken = JSON.parse(await readFile(lockPath, "utf8")) as { pid: number };
		expect(taken.pid).toBe(next.process.pid);
		const code = await next.stop();
		expect(code, next.stderr()).toBe(0);
	}, 60_000);
});
