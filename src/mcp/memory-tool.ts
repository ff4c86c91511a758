import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import {
	type CallToolResult,
	ListToolsRequestSchema,
	type ListToolsResult,
	type Tool,
	type ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { looseObject, object } from "zod/mini";
import { argumentFailure } from "./argument-failure";
import type { MemoryEngine } from "../engine/memory-engine";
import { ReadableMemory } from "./readable-memory";
import { strictArgs } from "./tool-fields";
import { runTool, toolFailure, type ToolErrorListener, type ToolKind } from "./tool-result";

/** What every tool, resource and prompt works with: the engine limited to what the client may read. */
export class ToolContext {
	readonly memory: ReadableMemory;

	constructor(
		engine: MemoryEngine,
		readonly onError?: ToolErrorListener,
	) {
		this.memory = new ReadableMemory(engine);
	}
}

type Shape = z.ZodRawShape;

export interface MemoryToolSpec<I extends Shape, O extends Shape> {
	name: string;
	title: string;
	description: string;
	/** Read tools may report a failure as retryable; write tools only one refused before it wrote anything (RetryLaterError). */
	kind: ToolKind;
	input: I;
	output: O;
	annotations: Omit<ToolAnnotations, "title">;
	run: (
		args: z.output<z.ZodObject<I>>,
		context: ToolContext,
	) => Promise<z.input<z.ZodObject<O>>> | z.input<z.ZodObject<O>>;
}

/**
 * The memory tools, built once per engine and registered on every session's MCP server. Building
 * the schemas once matters: each session used to build its own (≈ 430 KB), and clients that never
 * close their sessions made that the server's main memory cost.
 */
export class MemoryToolList {
	private readonly runs: ToolRun[] = [];
	private readonly definitions: ToolDefinition[] = [];
	private listed: ListToolsResult | null = null;

	add(definition: ToolDefinition, run: ToolRun): void {
		this.definitions.push(definition);
		this.runs.push(run);
	}

	/**
	 * Registers every tool on the server, and answers its tools/list with the shared list (see
	 * `list`). The SDK is given a schema that takes any arguments: each tool checks its own (see
	 * `registerMemoryTool`), so a bad argument is a `{error, retryable, field}` failure like every
	 * other refusal, not the SDK's plain-text -32602 message.
	 */
	registerOn(server: McpServer): void {
		this.definitions.forEach((definition, i) =>
			server.registerTool(definition.name, { ...definition, inputSchema: ANY_ARGUMENTS }, this.runs[i]),
		);
		server.server.setRequestHandler(ListToolsRequestSchema, () => this.list());
	}

	/** Registers every tool with its own input schema, leaving tools/list to the SDK (what `list` must equal). */
	registerToolsOn(server: McpServer): void {
		this.definitions.forEach((definition, i) => server.registerTool(definition.name, definition, this.runs[i]));
	}

	/**
	 * The tools/list answer, built once: the SDK's own handler turns every tool's zod schemas into
	 * JSON Schema on each request (≈ 40 ms of CPU for these tools, on the thread that runs Obsidian
	 * or the server's event loop), yet the tools never change. Built with the SDK's converter and
	 * options, so it is the list the SDK gives (tests/mcp/tool-list.test.ts).
	 */
	list(): ListToolsResult {
		this.listed ??= { tools: this.definitions.map(toolListEntry) };
		return this.listed;
	}
}

interface ToolDefinition {
	name: string;
	title: string;
	description: string;
	inputSchema: ObjectSchema;
	outputSchema: ObjectSchema;
	annotations: ToolAnnotations;
}

type ObjectSchema = Parameters<typeof toJsonSchemaCompat>[0];

type ToolRun = (args: unknown) => Promise<CallToolResult>;

/** What the SDK checks a call's arguments against before a tool checks them itself: any object, every key kept. */
const ANY_ARGUMENTS = looseObject({});

function toolListEntry(tool: ToolDefinition): Tool {
	return {
		name: tool.name,
		title: tool.title,
		description: tool.description,
		inputSchema: toJsonSchemaCompat(tool.inputSchema, {
			strictUnions: true,
			pipeStrategy: "input",
		}) as Tool["inputSchema"],
		annotations: tool.annotations,
		// What the SDK's registerTool gives every tool.
		execution: { taskSupport: "forbidden" },
		outputSchema: toJsonSchemaCompat(tool.outputSchema, {
			strictUnions: true,
			pipeStrategy: "output",
		}) as Tool["outputSchema"],
	};
}

/** Adds a tool whose result is JSON text plus structuredContent checked against `output`, and whose failures are `{error, retryable}`. */
export function registerMemoryTool<I extends Shape, O extends Shape>(
	tools: MemoryToolList,
	context: ToolContext,
	spec: MemoryToolSpec<I, O>,
): void {
	// The objects the SDK would build from the raw shapes on every registration (zod mini, as it does), built once.
	const config = {
		title: spec.title,
		description: spec.description,
		inputSchema: strictArgs(spec.input, `the arguments of ${spec.name}`),
		outputSchema: object(spec.output),
		annotations: { openWorldHint: false, ...spec.annotations },
	};
	const run = async (args: unknown): Promise<CallToolResult> => {
		const parsed = await config.inputSchema.safeParseAsync(args ?? {});
		if (!parsed.success) return toolFailure(argumentFailure(parsed.error));
		return runTool(spec.name, spec.kind, () => spec.run(parsed.data, context), context.onError);
	};
	tools.add({ name: spec.name, ...config }, run);
}
