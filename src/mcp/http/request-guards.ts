import type { IncomingMessage } from "node:http";
import { bearerTokenMatches } from "./bearer-token";
import { JsonRpcCode } from "./json-rpc-reply";
import { isAllowedOrigin, isLoopbackHost } from "./loopback-guards";

export const MCP_PATH = "/mcp";

export interface Refusal {
	status: number;
	code: number;
	message: string;
	headers?: Record<string, string>;
}

/**
 * Why a request must be refused before its body is read, or undefined. The order matters: Host and
 * Origin first (a rebinding page learns nothing, not even whether a token is needed), then the
 * path, the token, and the method.
 */
export function refusalOf(request: IncomingMessage, port: number, token: string | null): Refusal | undefined {
	if (!isLoopbackHost(request.headers.host, port)) {
		return {
			status: 403,
			code: JsonRpcCode.serverError,
			message: "Forbidden: the Host header must be 127.0.0.1, localhost or [::1] with this server's port.",
		};
	}
	if (!isAllowedOrigin(request.headers.origin)) {
		return {
			status: 403,
			code: JsonRpcCode.serverError,
			message: "Forbidden: requests from web pages are accepted only from loopback origins.",
		};
	}
	if ((request.url ?? "").split("?", 1)[0] !== MCP_PATH) {
		return { status: 404, code: JsonRpcCode.invalidRequest, message: `Not found: the MCP endpoint is ${MCP_PATH}.` };
	}
	if (token !== null && !bearerTokenMatches(request.headers.authorization, token)) {
		return {
			status: 401,
			code: JsonRpcCode.serverError,
			message: 'Unauthorized: send the MCP token in an "Authorization: Bearer <token>" header.',
			headers: { "WWW-Authenticate": 'Bearer realm="causal-memory"' },
		};
	}
	if (request.method !== "POST" && request.method !== "GET" && request.method !== "DELETE") {
		return {
			status: 405,
			code: JsonRpcCode.serverError,
			message: "Method not allowed: use POST, GET or DELETE.",
			headers: { Allow: "GET, POST, DELETE" },
		};
	}
	return undefined;
}
