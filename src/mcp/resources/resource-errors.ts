import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { MemoryError } from "../../core/model/memory-error";
import type { ToolErrorListener } from "../tool-result";

/**
 * Runs a resource read or prompt and turns a failure into the JSON-RPC error the client sees:
 * a MemoryError's message (meant for the client: names the field and the fix), else a generic
 * message, with the error for the host's log only (it may hold absolute paths).
 */
export async function runRequest<T>(what: string, work: () => Promise<T> | T, onError?: ToolErrorListener): Promise<T> {
	try {
		return await work();
	} catch (error) {
		if (error instanceof MemoryError) throw new McpError(ErrorCode.InvalidParams, error.message);
		onError?.(what, error);
		throw new McpError(
			ErrorCode.InternalError,
			`${what} failed because of an internal error in the memory server; its log has the details.`,
		);
	}
}
