import type { ServerResponse } from "node:http";

/** JSON-RPC error codes used by the HTTP layer (the SDK uses the same for the same cases). */
export const JsonRpcCode = {
	parseError: -32700,
	invalidRequest: -32600,
	serverError: -32000,
	sessionNotFound: -32001,
	internalError: -32603,
} as const;

/** Ends the response with a JSON-RPC error object (id null: the request was not processed). */
export function sendJsonRpcError(
	response: ServerResponse,
	status: number,
	code: number,
	message: string,
	headers: Record<string, string> = {},
): void {
	const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
	response.writeHead(status, {
		...headers,
		"Content-Type": "application/json",
		"Content-Length": Buffer.byteLength(body),
	});
	response.end(body);
}
