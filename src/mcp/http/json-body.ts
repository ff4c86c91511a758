import type { IncomingMessage } from "node:http";

/** Largest request body accepted; MCP requests are small, a memory note is far below this. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type JsonBody = { kind: "json"; value: unknown } | { kind: "too-large" } | { kind: "malformed" };

/**
 * Reads and parses a request body, refusing it as soon as it exceeds `limit` bytes (or announces
 * more in Content-Length) instead of buffering it. The rest of a refused body is drained, not
 * parsed, so the 413 reply reaches the client.
 */
export function readJsonBody(request: IncomingMessage, limit: number = MAX_BODY_BYTES): Promise<JsonBody> {
	const announced = Number(request.headers["content-length"] ?? 0);
	if (announced > limit) {
		request.resume();
		return Promise.resolve({ kind: "too-large" });
	}
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const onData = (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit) {
				request.off("data", onData);
				request.off("end", onEnd);
				request.resume();
				resolve({ kind: "too-large" });
				return;
			}
			chunks.push(chunk);
		};
		const onEnd = () => resolve(parse(Buffer.concat(chunks).toString("utf8")));
		request.on("data", onData);
		request.once("end", onEnd);
		request.once("error", reject);
	});
}

function parse(text: string): JsonBody {
	try {
		return { kind: "json", value: JSON.parse(text) as unknown };
	} catch {
		return { kind: "malformed" };
	}
}
