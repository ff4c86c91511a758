import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { READY_LINE } from "../../src/node/cli/serve-command";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(REPO_ROOT, "dist", "cli.cjs");

export interface ServeProcess {
	process: ChildProcess;
	url: string;
	/** Null with --no-auth. */
	token: string | null;
	stderr: () => string;
	exited: Promise<number | null>;
	/** SIGTERM, then the exit code. */
	stop: () => Promise<number | null>;
}

/**
 * Starts the built `causal-memory serve` (dist/cli.cjs) on a vault folder and waits for its
 * banner and, unless `waitUntilIndexed` is false, for the line that says every tool is ready.
 */
export async function startServeProcess(
	vault: string,
	extraArgs: readonly string[] = [],
	env: NodeJS.ProcessEnv = process.env,
	{ waitUntilIndexed = true }: { waitUntilIndexed?: boolean } = {},
): Promise<ServeProcess> {
	const child = spawn(process.execPath, [CLI, "serve", "--vault", vault, "--port", "0", ...extraArgs], {
		stdio: ["ignore", "pipe", "pipe"],
		env,
	});
	let stdout = "";
	let stderr = "";
	let indexed = (): void => undefined;
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
		if (stderr.includes(READY_LINE)) indexed();
	});
	const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
	const banner = await new Promise<string>((resolve, reject) => {
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString();
			if (stdout.includes("Press Ctrl+C to stop.")) resolve(stdout);
		});
		void exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
	});
	if (waitUntilIndexed)
		await new Promise<void>((resolve, reject) => {
			indexed = resolve;
			if (stderr.includes(READY_LINE)) resolve();
			void exited.then((code) => reject(new Error(`serve exited with ${code} while indexing: ${stderr}`)));
		});
	const url = /MCP URL: (\S+)/.exec(banner)?.[1];
	const token = /Token: (\S+)/.exec(banner)?.[1];
	if (!url || !token) throw new Error(`no URL or token in the banner:\n${banner}`);
	return {
		process: child,
		url,
		token: token === "none" ? null : token,
		stderr: () => stderr,
		exited,
		stop: () => {
			if (child.exitCode === null) child.kill("SIGTERM");
			return exited;
		},
	};
}
