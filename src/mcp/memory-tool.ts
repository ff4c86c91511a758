import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { MemoryEngine } from "../engine/memory-engine";
import { resolveMemoryId } from "../core/graph/memory-ids";
import type { MemoryPermissions } from "../core/permissions/memory-permissions";
import { strictArgs } from "./tool-fields";
import { runTool, type ToolErrorListener, type ToolKind } from "./tool-result";

/** What every tool works with. */
export class ToolContext {
	constructor(
		readonly engine: MemoryEngine,
		readonly onError?: ToolErrorListener,
	) {}

	get permissions(): MemoryPermissions {
		return this.engine.permissions;
	}

	/** The vault path of a memory the client may read, from a path or link text. */
	readableId = (id: string, field: string): string => {
		const path = resolveMemoryId(this.engine.index.graph, id, field);
		this.permissions.assertReadable(path, field);
		return path;
	};

	canRead = (path: string): boolean => this.permissions.canRead(path);
}

type Shape = z.ZodRawShape;

export interface MemoryToolSpec<I extends Shape, O extends Shape> {
	name: string;
	title: string;
	description: string;
	/** Read tools may report a failure as retryable; write tools never do. */
	kind: ToolKind;
	input: I;
	output: O;
	annotations: Omit<ToolAnnotations, "title">;
	run: (args: z.output<z.ZodObject<I>>, context: ToolContext) => Promise<z.input<z.ZodObject<O>>> | z.input<z.ZodObject<O>>;
}

/** Registers a tool whose result is JSON text plus structuredContent checked against `output`, and whose failures are `{error, retryable}`. */
export function registerMemoryTool<I extends Shape, O extends Shape>(server: McpServer, context: ToolContext, spec: MemoryToolSpec<I, O>): void {
	const input: z.ZodType<Record<string, unknown>> = strictArgs(spec.input, `the arguments of ${spec.name}`);
	const output: Shape = spec.output;
	server.registerTool(
		spec.name,
		{ title: spec.title, description: spec.description, inputSchema: input, outputSchema: output, annotations: { openWorldHint: false, ...spec.annotations } },
		// The SDK has parsed the arguments with `input` (strict spec.input), so they have its output type.
		(args) => runTool(spec.name, spec.kind, () => spec.run(args as z.output<z.ZodObject<I>>, context), context.onError),
	);
}
