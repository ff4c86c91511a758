import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { readMemorySettings } from "../src/core/model/settings";
import type { MemorySettings } from "../src/core/model/settings";
import { MemoryEngine } from "../src/engine/memory-engine";
import { createMemoryMcpServer } from "../src/mcp/memory-mcp-server";
import { FsStorage } from "../src/node/fs/fs-storage";
import { FsVault } from "../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../src/workers/in-thread-host";

export interface FsBenchEngineOptions {
	clock: () => number;
	/** Default: the default settings. */
	settings?: MemorySettings;
	/** Default: to stderr. */
	warn?: (message: string) => void;
}

/** An engine over a vault folder, its state in `stateDir` (no fsync), maintenance in this thread. */
export function fsBenchEngine(vaultDir: string, stateDir: string, options: FsBenchEngineOptions): MemoryEngine {
	const settings = options.settings ?? readMemorySettings(null).settings;
	return new MemoryEngine({
		vault: new FsVault(vaultDir),
		storage: new FsStorage(stateDir, { sync: false }),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: options.clock,
		settings: () => settings,
		warn: options.warn ?? ((message) => console.error(message)),
	});
}

/** An SDK client connected to the engine's MCP server over an in-memory transport; `close` closes both. */
export async function inMemoryMcpClient(
	engine: MemoryEngine,
	name: string,
): Promise<{ client: Client; close: () => Promise<void> }> {
	const server = createMemoryMcpServer(engine, { version: "bench" });
	const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
	await server.connect(serverTransport);
	const client = new Client({ name, version: "1" });
	await client.connect(clientTransport);
	return {
		client,
		close: async () => {
			await client.close();
			await server.close();
		},
	};
}
