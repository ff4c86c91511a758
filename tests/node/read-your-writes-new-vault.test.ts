import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { readMemorySettings } from "../../src/core/model/settings";
import { generateToken, startMcpHttpServer } from "../../src/mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../../src/mcp/memory-mcp-server";
import { headlessEngine } from "../../src/node/headless-engine";

const STORES = [
	"Mira adopted a dog named Biscuit from the shelter last weekend.",
	"Mira works night shifts as a nurse at the city hospital.",
	"Mira's sister Jana moved to Lisbon in the spring.",
];
const RUNS = 5;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Issue 29.3: three stores on a new vault, then a recall, as an agent does against `serve` (the
 * port answers before the vault is indexed, src/node/cli/serve-command.ts), over the real fs vault,
 * watcher, writer lock and maintenance worker. The stores come in before the engine is ready;
 * each answer that says "stored" must mean the next recall finds it. Run it beside a CPU hog too.
 */
describe("read-your-writes on a new vault, stores sent as soon as the server answers", () => {
	it(`finds each of three stores with the next recalls, ${RUNS} runs`, async () => {
		const dir = await mkdtemp(join(tmpdir(), "rw-new-vault-"));
		cleanups.push(() => rm(dir, { recursive: true, force: true }));
		process.env.CAUSAL_MEMORY_STATE_HOME = join(dir, "state-home");
		const misses: string[] = [];
		for (let run = 0; run < RUNS; run++) {
			const vault = join(dir, `vault-${run}`);
			await mkdir(vault);
			const { settings } = readMemorySettings(null);
			const engine = await headlessEngine(vault, { program: "read-your-writes test", settings: () => settings });
			const token = generateToken();
			const server = await startMcpHttpServer({
				createServer: memoryMcpServerFactory(engine, { version: "test" }),
				port: 0,
				token,
			});
			const started = engine.start({ follow: true });
			const client = new Client({ name: "read-your-writes", version: "1" });
			try {
				await client.connect(
					new StreamableHTTPClientTransport(new URL(server.url), {
						requestInit: { headers: { Authorization: `Bearer ${token}` } },
					}),
				);
				const ids: unknown[] = [];
				for (const content of STORES) {
					const stored = (await client.callTool({ name: "memory_store", arguments: { content } })) as CallToolResult;
					expect(stored.isError, `run ${run}: ${JSON.stringify(stored.content)}`).toBeFalsy();
					ids.push(stored.structuredContent?.node_id);
				}
				// Each store is found first by a question about it; the other two fall under the
				// result floor or follow it (recall.ranking.resultFloor), so only the first place counts.
				const questions = ["What dog did Mira adopt?", "Where does Mira work nights?", "Where did Jana move?"];
				for (const [i, query] of questions.entries()) {
					const recall = (await client.callTool({ name: "memory_recall", arguments: { query } })) as CallToolResult;
					const hits = (recall.structuredContent?.results ?? []) as { node_id: string }[];
					if (hits[0]?.node_id !== ids[i])
						misses.push(`run ${run}, "${query}": ${JSON.stringify(hits.map((hit) => hit.node_id))}`);
				}
			} finally {
				await client.close();
				await server.close();
				await started.catch(() => undefined);
				await engine.stop();
			}
		}
		expect(misses).toEqual([]);
	}, 60_000);
});
