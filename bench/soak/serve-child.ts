import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { READY_LINE, serveCommand } from "../../src/node/cli/serve-command";
import { clearTimeout, setTimeout } from "node:timers";

/** The bench bundle runs `serve` itself when started with this flag (see runServeChild). */
export const SERVE_CHILD_FLAG = "--serve-child";

const EXAMPLE_VAULT = "examples/vault";
const START_TIMEOUT_MS = 120_000;

export interface ServeChild {
	pid: number;
	url: string;
	token: string;
	/** The vault copy it serves (removed by stop). */
	vault: string;
	/** The server process's resident set size now, in bytes; undefined once it has exited. */
	rssBytes(): number | undefined;
	alive(): boolean;
	/** The last lines it wrote to stderr (its log: sessions closed, warnings, a crash). */
	stderrTail(): string;
	/** SIGTERM, wait for the exit, remove the vault copy (not a vault given to start); the exit code (null when killed by a signal). */
	stop(): Promise<number | null>;
	/** SIGKILL, as a crash: nothing of it runs any more once this resolves; the vault stays. */
	kill(): Promise<void>;
}

/** A vault another server serves too: its folder and state home stay when the server stops. */
export interface SharedVault {
	vault: string;
	stateHome: string;
}

/**
 * Starts the real `causal-memory serve` (serveCommand, bundled with this bench, default settings)
 * on a fresh copy of the example vault (or an empty vault: `{ empty: true }`; or `shared`, left in
 * place; or the vault folder `vault` as it is, whose state goes beside it), in its own process, on
 * 127.0.0.1 and a free port; resolves once it has indexed the vault (`{ listening: true }`: once it
 * listens, as a client that connects at once sees it). The child stops on SIGTERM and also when
 * this process goes away (its stdin closes).
 */
export async function startServeChild(
	options: { empty?: boolean; shared?: SharedVault; listening?: boolean; vault?: string } = {},
): Promise<ServeChild> {
	const shared =
		options.shared ??
		(options.vault === undefined
			? undefined
			: { vault: options.vault, stateHome: join(dirname(options.vault), "state") });
	const dir = shared ? null : await mkdtemp(join(tmpdir(), "soak-"));
	const vault = shared?.vault ?? join(dir as string, "vault");
	if (options.vault !== undefined) await mkdir(vault, { recursive: true });
	else if (!shared) {
		if (options.empty === true) await mkdir(vault);
		else await cp(EXAMPLE_VAULT, vault, { recursive: true });
	}
	const child = spawn(process.execPath, [process.argv[1], SERVE_CHILD_FLAG, vault], {
		stdio: ["pipe", "pipe", "pipe"],
		// Its device id and keyword cache go with the vault copy, not into the user's state home.
		env: { ...process.env, CAUSAL_MEMORY_STATE_HOME: shared?.stateHome ?? join(dir as string, "state") },
	});
	let stdout = "";
	let stderr = "";
	const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
	// Ready once the banner is out and the vault is indexed (the server listens before it indexes).
	const banner = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`serve did not start within ${START_TIMEOUT_MS / 1000} s:\n${stderr}`)),
			START_TIMEOUT_MS,
		);
		const check = (): void => {
			if (!stdout.includes("Press Ctrl+C to stop.")) return;
			if (options.listening !== true && !stderr.includes(READY_LINE)) return;
			clearTimeout(timer);
			resolve(stdout);
		};
		child.stderr.setEncoding("utf8");
		child.stderr.on("data", (chunk: string) => {
			stderr = (stderr + chunk).slice(-4000);
			check();
		});
		child.stdout.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => {
			stdout += chunk;
			check();
		});
		void exited.then((code) => reject(new Error(`serve exited with ${code} before it was ready:\n${stderr}`)));
	});
	const url = /MCP URL: (\S+)/.exec(banner)?.[1];
	const token = /Token: (\S+)/.exec(banner)?.[1];
	if (url === undefined || token === undefined) throw new Error(`no URL or token in the serve banner:\n${banner}`);
	const pid = child.pid ?? -1;
	return {
		pid,
		url,
		token,
		vault,
		rssBytes: () => (child.exitCode === null && child.signalCode === null ? processRss(pid) : undefined),
		alive: () => child.exitCode === null && child.signalCode === null,
		stderrTail: () => stderr,
		stop: async () => {
			if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
			const code = await exited;
			if (dir !== null) await rm(dir, { recursive: true, force: true });
			return code;
		},
		kill: async () => {
			if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
			await exited;
		},
	};
}

/** Child mode: serves `vault` until SIGTERM or SIGINT, or until the parent closes our stdin. */
export async function runServeChild(vault: string): Promise<number> {
	const stopSignal = new Promise<void>((resolve) => {
		process.once("SIGTERM", () => resolve());
		process.once("SIGINT", () => resolve());
		process.stdin.once("close", () => resolve());
		process.stdin.resume();
	});
	const code = await serveCommand({
		vaultDir: vault,
		port: 0,
		fixedPort: false,
		noAuth: false,
		version: "soak",
		stopSignal,
	});
	process.stdin.destroy();
	return code;
}

/** Resident set size of another process: /proc on Linux, `ps` elsewhere. */
function processRss(pid: number): number | undefined {
	try {
		const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
		if (kb !== undefined) return Number(kb) * 1024;
	} catch {
		// Not Linux, or the process is gone: ask ps.
	}
	try {
		const kb = Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim());
		return Number.isFinite(kb) && kb > 0 ? kb * 1024 : undefined;
	} catch {
		return undefined;
	}
}
