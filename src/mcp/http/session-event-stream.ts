import type { ServerResponse } from "node:http";
import { clearInterval, setInterval } from "node:timers";
import { DEFAULT_SSE_KEEP_ALIVE_MS } from "@modelcontextprotocol/sdk/server/sseKeepAlive.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * A session's GET event stream: the server's own requests and notifications, as `message` events,
 * and a comment every `keepAliveMs` so that idle connections are not cut. Ends when the client
 * goes away or `end` is called; `onEnded` is called once either way.
 */
export class SessionEventStream {
	private readonly keepAlive: NodeJS.Timeout | undefined;
	private ended = false;

	constructor(
		private readonly response: ServerResponse,
		headers: Record<string, string>,
		private readonly onEnded: () => void,
		keepAliveMs: number = DEFAULT_SSE_KEEP_ALIVE_MS,
	) {
		response.writeHead(200, {
			"Content-Type": "text/event-stream",
			"Cache-Control": "no-cache, no-transform",
			Connection: "keep-alive",
			"X-Accel-Buffering": "no",
			...headers,
		});
		response.flushHeaders();
		if (Number.isFinite(keepAliveMs) && keepAliveMs >= 1) {
			this.keepAlive = setInterval(() => this.writeRaw(": keepalive\n\n"), Math.min(keepAliveMs, 2 ** 31 - 1));
			this.keepAlive.unref();
		}
		response.once("close", () => this.finish());
	}

	write(message: JSONRPCMessage): void {
		this.writeRaw(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
	}

	end(): void {
		if (!this.response.writableEnded) this.response.end();
		this.finish();
	}

	private writeRaw(text: string): void {
		if (this.ended || this.response.destroyed || this.response.writableEnded) return;
		this.response.write(text);
	}

	private finish(): void {
		if (this.ended) return;
		this.ended = true;
		clearInterval(this.keepAlive);
		this.onEnded();
	}
}
