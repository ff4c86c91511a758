import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToken, startMcpHttpServer, type RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import { createMemoryMcpServer } from "../../../src/mcp/memory-mcp-server";
import { FsVault } from "../../../src/node/fs/fs-vault";
import { startEngine, stopEngines, testSettings } from "../../engine/writer/writer-harness";
import { connectClient } from "./http-harness";

const ITERATIONS = 200;
const SYLLABLES = ["ka", "lo", "mi", "nu", "pe", "ro", "si", "tu", "va", "zo"];

/** A made-up word no other iteration uses: the digits of n as syllables. */
function word(n: number, salt: string): string {
	return `${salt}${[...String(n)].map((digit) => SYLLABLES[Number(digit)]).join("")}`;
}

describe("store → recall through the HTTP server, on a vault on disk followed by its watcher", () => {
	let dir: string;
	let server: RunningMcpServer;
	let client: Client;

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "cm-loop-"));
		const { engine } = await startEngine(new FsVault(dir), testSettings());
		const token = generateToken();
		server = await startMcpHttpServer({
			createServer: () => createMemoryMcpServer(engine, { version: "test" }),
			port: 0,
			token,
			log: () => undefined,
		});
		client = (await connectClient(server.url, token)).client;
	});

	afterAll(async () => {
		await client.close();
		await server.close();
		await stopEngines();
		await rm(dir, { recursive: true, force: true });
	});

	it(`returns the memory just stored first, every time (${ITERATIONS} times)`, async () => {
		const misses: string[] = [];
		for (let i = 0; i < ITERATIONS; i++) {
			const [place, thing, person] = [word(i, "dock"), word(i, "crate"), word(i, "clerk")];
			const content = `The ${thing} waits at ${place} until ${person} signs for it.`;
			const stored = (await client.callTool({ name: "memory_store", arguments: { content } })).structuredContent as {
				node_id: string;
				status: string;
			};
			expect(stored.status).toBe("stored");
			const recalled = (
				await client.callTool({
					name: "memory_recall",
					arguments: { query: `where does the ${thing} wait`, k: 3, read_only: true },
				})
			).structuredContent as { results: { node_id: string; relevance: number; low_confidence?: boolean }[] };
			const first = recalled.results[0];
			if (first?.node_id !== stored.node_id || !(first.relevance > 0) || first.low_confidence)
				misses.push(`${i}: ${JSON.stringify(recalled.results[0])}`);
		}
		expect(misses).toEqual([]);
	});
});
