import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MemoryEngine } from "../engine/memory-engine";
import { SERVER_NAME } from "./connect/client-instructions";
import { acceptHookReports } from "./hook-reports";
import { MemoryToolList, ToolContext } from "./memory-tool";
import { NoElicitationValidator } from "./no-elicitation-validator";
import { ID_HELP } from "./tool-fields";
import type { ToolErrorListener } from "./tool-result";
import { registerConsolidationTools } from "./tools/consolidation-tools";
import { registerCoreTools } from "./tools/core-tools";
import { registerMemoryPrompts } from "./prompts/memory-prompts";
import { registerConsolidatePrompt } from "./prompts/consolidate-prompt";
import { registerMemoryResources } from "./resources/memory-resources";
import { registerGetTools } from "./tools/get-tools";
import { registerGraphTools } from "./tools/graph-tools";
import { registerRecallTools } from "./tools/recall-tools";
import { registerReviewTools } from "./tools/review-tools";
import { registerVaultTools } from "./tools/vault-tools";
import { registerWriteTools } from "./tools/write-tools";

export interface MemoryServerInfo {
	version: string;
	/** Sees unexpected failures (their details are not sent to the client), e.g. to log them. */
	onError?: ToolErrorListener;
}

/** Array elements plus object members one call's arguments may hold: far above any real call (100 links of 2 fields). */
const MAX_INPUT_ELEMENTS = 2000;

const INSTRUCTIONS =
	"Long-term memory kept as notes in an Obsidian vault. Recall before answering questions about past work, decisions or preferences (memory_recall); " +
	"store what is worth remembering with its cause (memory_store with related caused_by links); correct with memory_amend rather than storing a duplicate. " +
	"Memories fade unless used or linked; pin what must never fade. memory_get reads a memory in full; memory_explain says why it is ranked and kept as it is. " +
	ID_HELP;

/**
 * Makes the MCP servers of the sessions (one per session) with every memory tool, resource and
 * prompt, over the given engine. The tools and their schemas are built once here and shared: a
 * session costs only its own small state. The SDK's JSON Schema validator (ajv) is replaced by one
 * that refuses: it only checks answers to elicitation requests, which these servers never send.
 */
export function memoryMcpServerFactory(engine: MemoryEngine, info: MemoryServerInfo): () => McpServer {
	const context = new ToolContext(engine, info.onError);
	const tools = memoryToolList(context);
	const jsonSchemaValidator = new NoElicitationValidator();
	return () => {
		const server = new McpServer(
			{ name: SERVER_NAME, title: "Causal Memory", version: info.version },
			{
				capabilities: { tools: {}, resources: {}, prompts: {} },
				instructions: INSTRUCTIONS,
				maxToolInputElements: MAX_INPUT_ELEMENTS,
				jsonSchemaValidator,
			},
		);
		tools.registerOn(server);
		registerMemoryResources(server, context);
		registerMemoryPrompts(server, context);
		registerConsolidatePrompt(server, context);
		acceptHookReports(server, context, Date.now);
		return server;
	};
}

/** Every memory tool, over the context's engine. */
export function memoryToolList(context: ToolContext): MemoryToolList {
	const tools = new MemoryToolList();
	registerRecallTools(tools, context);
	registerGetTools(tools, context);
	registerGraphTools(tools, context);
	registerWriteTools(tools, context);
	registerCoreTools(tools, context);
	registerVaultTools(tools, context);
	registerConsolidationTools(tools, context);
	registerReviewTools(tools, context);
	return tools;
}

/** One MCP server with every memory tool (a single connection, e.g. tests over an in-memory transport). */
export function createMemoryMcpServer(engine: MemoryEngine, info: MemoryServerInfo): McpServer {
	return memoryMcpServerFactory(engine, info)();
}
