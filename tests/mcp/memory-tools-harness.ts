import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { readMemorySettings, type MemorySettings } from "../../src/core/model/settings";
import type { StoragePort } from "../../src/core/model/storage-port";
import type { VaultPort } from "../../src/core/model/vault";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { createMemoryMcpServer } from "../../src/mcp/memory-mcp-server";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";

export interface Harness {
	client: Client;
	engine: MemoryEngine;
	settings: MemorySettings;
	/** Unexpected errors the server kept from the client. */
	internalErrors: { tool: string; error: unknown }[];
	call: (name: string, args?: Record<string, unknown>) => Promise<CallToolResult>;
	close: () => Promise<void>;
}

export interface HarnessOptions {
	settings?: Record<string, unknown>;
	/** Follow vault events and run maintenance on its interval, as hosts do (default true). */
	follow?: boolean;
	clock?: () => number;
}

/** An engine over `vault`, and an SDK client connected to its MCP server through linked in-memory transports. */
export async function connectHarness(
	vault: VaultPort,
	storage: StoragePort,
	options: HarnessOptions = {},
): Promise<Harness> {
	const settings = readMemorySettings(options.settings ?? {}).settings;
	const clock = options.clock ?? (() => 1_700_000_000_000 + 86_400_000);
	const engine = new MemoryEngine({
		vault,
		storage,
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock,
		settings: () => settings,
		updateSettings: async (change) => {
			Object.assign(settings, change(settings));
			await Promise.resolve();
		},
		warn: () => undefined,
	});
	await engine.start({ follow: options.follow ?? true });
	const internalErrors: { tool: string; error: unknown }[] = [];
	const server = createMemoryMcpServer(engine, {
		version: "test",
		onError: (tool, error) => internalErrors.push({ tool, error }),
	});
	const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
	await server.connect(serverTransport);
	const client = new Client({ name: "memory-tools-test", version: "1.0.0" });
	await client.connect(clientTransport);
	await client.listTools();
	return {
		client,
		engine,
		settings,
		internalErrors,
		call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
		close: async () => {
			await client.close();
			await server.close();
			await engine.stop();
		},
	};
}

/** The JSON body of a tool result's text block (what a text-only client reads). */
export function body(result: CallToolResult): Record<string, unknown> {
	const block = result.content[0];
	if (block?.type !== "text") throw new Error("the result has no text block");
	return JSON.parse(block.text) as Record<string, unknown>;
}

/** The text of an error result (JSON: ours; plain text: the SDK's few own, e.g. an unknown tool). */
export function errorText(result: CallToolResult): string {
	const block = result.content[0];
	return block?.type === "text" ? block.text : "";
}

/** Every tool the memory server registers, sorted by name. */
export const ALL_TOOLS = [
	"delete_memory",
	"list_core_memories",
	"memory_amend",
	"memory_clusters",
	"memory_consolidate",
	"memory_explain",
	"memory_get",
	"memory_link",
	"memory_maintenance",
	"memory_recall",
	"memory_review",
	"memory_search",
	"memory_stats",
	"memory_store",
	"memory_traverse",
	"memory_unlink",
	"pin_memory",
	"set_core_preferences",
	"unpin_memory",
];
