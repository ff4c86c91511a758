import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { TRACE_GLOBAL } from "../../scripts/module-trace-plugin.mjs";
import { Events } from "../fakes/obsidian";
import { globalObject } from "../fakes/global-object";
import { removeVaultDirs } from "../obsidian/fake-app";
import { freePort } from "../obsidian/ports";
import { mcpSettled, startApp } from "./load-bundle";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../");
const TRACED = join(ROOT, ".tmp", "main-traced.js");

/**
 * Loaded on first use, never while Obsidian evaluates main.js and runs `onload`: the MCP SDK and
 * what it brings (its schemas, ajv), the memory tools, and transformers.js with ONNX Runtime.
 */
const HEAVY = [
	"node_modules/@modelcontextprotocol/sdk/",
	"/ajv/",
	"node_modules/zod-to-json-schema/",
	"src/mcp/memory-mcp-server.ts",
	"src/mcp/tools/",
	"src/mcp/http/mcp-http-server.ts",
	"src/embeddings/worker-embedder.ts",
];

const VAULT = { "Start.md": "The release caused the outage.", "Outage.md": "Checkout was down." };

function evaluated(): string[] {
	const trace = (globalObject[TRACE_GLOBAL] as [string, number][] | undefined) ?? [];
	return trace.map(([path]) => path);
}

const heavyAmong = (modules: string[]): string[] => modules.filter((m) => HEAVY.some((part) => m.includes(part)));

beforeAll(() => {
	mkdirSync(dirname(TRACED), { recursive: true });
	execFileSync(process.execPath, [join(ROOT, "scripts/build-traced-bundle.mjs"), TRACED], { cwd: ROOT, stdio: "pipe" });
}, 120_000);

afterEach(async () => {
	expect(Events.listenerErrors).toEqual([]);
	await removeVaultDirs();
});

describe("what loading the plugin evaluates", () => {
	it("runs no heavy module while main.js is evaluated and onload runs; the MCP server's load once the vault is ready", async () => {
		globalObject[TRACE_GLOBAL] = [];
		const port = await freePort();
		const { app, plugin } = startApp(VAULT, JSON.stringify({ mcp: { port } }), TRACED);
		plugin.load();
		await plugin.whenLoaded();
		const atLoad = evaluated();
		expect(atLoad).toContain("src/main.ts");
		expect(heavyAmong(atLoad)).toEqual([]);

		app.vault.fireLoadEvents();
		app.workspace.triggerLayoutReady();
		await plugin.memory?.whenReady();
		await mcpSettled(plugin);
		expect(plugin.mcp?.state.kind).toBe("running");
		const afterStart = evaluated();
		expect(afterStart.some((m) => m.includes("@modelcontextprotocol/sdk/"))).toBe(true);
		expect(afterStart).toContain("src/mcp/memory-mcp-server.ts");
		// Semantic recall is off: the embedding worker's code is still not evaluated.
		expect(afterStart).not.toContain("src/embeddings/worker-embedder.ts");
		plugin.unload();
		await plugin.stopped;
	});
});
