import { hookCommand } from "./hook-command";

/** Most bytes of hook input read from stdin (a prompt and a few paths; Claude Code sends well under this). */
const MAX_INPUT_BYTES = 4 * 1024 * 1024;

async function readStdin(): Promise<string> {
	if (process.stdin.isTTY) return "";
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > MAX_INPUT_BYTES) break;
		chunks.push(chunk);
	}
	return Buffer.concat(chunks).toString("utf8");
}

/** `causal-memory hook EVENT`: prints the hook's output, if any, and always exits 0. */
export async function runHook(event: string, version: string): Promise<number> {
	const output = await hookCommand({ event, stdin: await readStdin().catch(() => ""), env: process.env, version });
	if (output !== null) process.stdout.write(`${output}\n`);
	return 0;
}
