import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startServeChild } from "./serve-child";
import { connectMcpClient } from "./session-flood";

export interface FirstStoresReport {
	runs: number;
	/** Stores answered with an error (each is sent once, as a client that does not retry). */
	refused: number;
	/** Runs whose recall did not put the first store first. */
	misses: number;
	/** Wall time from the first store sent to the recall's answer, per run (ms). */
	ms: number[];
}

const STORES = [
	"Mira adopted a dog named Biscuit from the shelter last weekend.",
	"Mira works night shifts as a nurse at the city hospital.",
	"Mira's sister Jana moved to Lisbon in the spring.",
];

/**
 * Issue 29.3: a new (empty) vault served, three memory_store calls sent as soon as the port
 * answers (before the vault is indexed), each once, then memory_recall("What dog did Mira
 * adopt?"): the first store must come first. A fresh server per run.
 */
export async function runFirstStores(runs: number): Promise<FirstStoresReport> {
	const report: FirstStoresReport = { runs, refused: 0, misses: 0, ms: [] };
	for (let run = 0; run < runs; run++) {
		const server = await startServeChild({ empty: true, listening: true });
		try {
			const client = await connectMcpClient(server.url, server.token, `first-stores-${run}`);
			const started = performance.now();
			const ids: unknown[] = [];
			for (const content of STORES) {
				const stored = (await client.callTool({ name: "memory_store", arguments: { content } })) as CallToolResult;
				if (stored.isError === true) report.refused++;
				ids.push(stored.structuredContent?.node_id);
			}
			const recalled = (await client.callTool({
				name: "memory_recall",
				arguments: { query: "What dog did Mira adopt?" },
			})) as CallToolResult;
			report.ms.push(performance.now() - started);
			const first = (recalled.structuredContent?.results as { node_id: string }[] | undefined)?.[0]?.node_id;
			if (ids[0] === undefined || first !== ids[0]) report.misses++;
			await client.close();
		} finally {
			await server.stop();
		}
	}
	return report;
}
