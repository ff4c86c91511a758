import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MemoryError, RetryLaterError } from "../core/model/memory-error";

/**
 * Read tools change nothing, so a failure that may pass (e.g. while the index loads) is worth
 * retrying; a write only when it was refused before it did anything (RetryLaterError).
 */
export type ToolKind = "read" | "write";

/** The body of every failed tool call. `field` names the argument at fault, when one is. */
export interface ToolFailure {
	error: string;
	retryable: boolean;
	field?: string;
}

/** Reports failures the client is not told the details of (e.g. to the host's log). */
export type ToolErrorListener = (tool: string, error: unknown) => void;

/** A result as JSON text (for clients that read only text) and as structured content. */
function toolSuccess(data: Record<string, unknown>): CallToolResult {
	return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
}

export function toolFailure(failure: ToolFailure): CallToolResult {
	return { content: [{ type: "text", text: JSON.stringify(failure) }], isError: true };
}

/**
 * The failure a client sees for a thrown value. A MemoryError is meant for the client: its
 * message names the field and the fix. Anything else is a defect or an I/O problem whose message
 * may carry absolute paths, so the client gets a generic message and the listener the error.
 */
function failureOf(tool: string, kind: ToolKind, error: unknown, onError?: ToolErrorListener): ToolFailure {
	if (error instanceof MemoryError) {
		const retryable = error instanceof RetryLaterError || (kind === "read" && error.retryable);
		const failure: ToolFailure = { error: error.message, retryable };
		if (error.field !== null) failure.field = error.field;
		return failure;
	}
	onError?.(tool, error);
	return {
		error: `${tool} failed because of an internal error in the memory server; its log has the details.`,
		retryable: false,
	};
}

/** Runs a tool's work and turns what it returns or throws into a tool result. */
export async function runTool(
	tool: string,
	kind: ToolKind,
	work: () => Promise<Record<string, unknown>> | Record<string, unknown>,
	onError?: ToolErrorListener,
): Promise<CallToolResult> {
	try {
		return toolSuccess(await work());
	} catch (error) {
		return toolFailure(failureOf(tool, kind, error, onError));
	}
}
