import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { printLine } from "../../src/node/cli/terminal";

export interface StdioServer {
	client: Client;
	pid: number | null;
	/** The last lines the server wrote to stderr, for a failure message. */
	stderrTail(): string;
	close(): Promise<void>;
}

/**
 * The folder of a peer pinned under tools/ (its package.json and package-lock.json), installed
 * with `npm ci --prefix tools/<name>` the first time it is needed.
 */
export function peerTools(name: string): string {
	const folder = resolve("tools", name);
	if (!existsSync(join(folder, "node_modules"))) {
		printLine(`installing the pinned peer: npm ci --prefix tools/${name} (once; about 20 s)`);
		execFileSync("npm", ["ci", "--prefix", folder, "--no-audit", "--no-fund"], { stdio: "inherit" });
	}
	return folder;
}

/** Starts a stdio MCP server as its own process and connects an SDK client to it. */
export async function startStdioServer(
	command: string,
	args: string[],
	env: Record<string, string> = {},
): Promise<StdioServer> {
	const transport = new StdioClientTransport({
		command,
		args,
		env, // added to the SDK's default environment (PATH, HOME…), not the bench's whole one
		stderr: "pipe",
	});
	let stderr = "";
	transport.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-4000)));
	const client = new Client({ name: "peers-bench", version: "1" });
	try {
		await client.connect(transport);
	} catch (error) {
		await transport.close().catch(() => undefined);
		throw new Error(`${command} ${args.join(" ")} did not start: ${String(error)}\n${stderr}`);
	}
	return {
		client,
		pid: transport.pid,
		stderrTail: () => stderr,
		close: () => client.close(),
	};
}
