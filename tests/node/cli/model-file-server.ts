import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

export interface ServedRequest {
	path: string;
	range: string | undefined;
}

export interface ModelFileServerOptions {
	/** Hub-style root: `<root>/<owner>/<name>/<file>`. */
	root: string;
	/** Files whose first response sends half the bytes, then cuts the connection. */
	cutOnce?: string[];
	/** Files served with one byte changed (their announced digest stays the original's). */
	corrupt?: string[];
	/** Files announced with this size instead of their own. */
	wrongSize?: Record<string, number>;
}

/**
 * Serves model files as the Hugging Face hub does, on 127.0.0.1 and a free port:
 * `/<owner>/<name>/resolve/main/<file>`; onnx weights answer with a redirect carrying
 * X-Linked-Size and X-Linked-ETag (their SHA-256), other files with their git blob id as ETag.
 * Byte ranges are honoured.
 */
export async function startModelFileServer(options: ModelFileServerOptions): Promise<{
	host: string;
	requests: ServedRequest[];
	close: () => Promise<void>;
}> {
	const requests: ServedRequest[] = [];
	const cut = new Set(options.cutOnce);
	const server: Server = createServer((request, response) => {
		const url = new URL(request.url ?? "/", "http://127.0.0.1");
		const range = request.headers.range;
		requests.push({ path: url.pathname, range });
		const hub = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(url.pathname);
		const cdn = /^\/cdn\/([^/]+\/[^/]+)\/(.+)$/.exec(url.pathname);
		const [, model, file] = hub ?? cdn ?? [];
		let original: Buffer;
		try {
			original = readFileSync(join(options.root, model ?? "-", decodeURIComponent(file ?? "-")));
		} catch {
			response.writeHead(404).end("Entry not found");
			return;
		}
		const name = decodeURIComponent(file ?? "");
		const size = options.wrongSize?.[name] ?? original.length;
		if (hub && name.endsWith(".onnx")) {
			response
				.writeHead(302, {
					location: `/cdn/${model}/${file}`,
					"x-linked-size": String(size),
					"x-linked-etag": `"${createHash("sha256").update(original).digest("hex")}"`,
				})
				.end();
			return;
		}
		const body = options.corrupt?.includes(name) ? Buffer.from(original) : original;
		if (body !== original) body[body.length >> 1] ^= 0xff;
		const etag = name.endsWith(".onnx")
			? undefined
			: `"${createHash("sha1").update(`blob ${original.length}\0`).update(original).digest("hex")}"`;
		const start = Number(/^bytes=(\d+)-$/.exec(range ?? "")?.[1] ?? 0);
		if (start >= body.length && start > 0) {
			response.writeHead(416, { "content-range": `bytes */${body.length}` }).end();
			return;
		}
		const slice = body.subarray(start);
		response.writeHead(start > 0 ? 206 : 200, {
			"content-length": String(slice.length),
			...(start > 0 ? { "content-range": `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
			...(etag ? { etag } : {}),
		});
		if (cut.delete(name)) {
			// end, not destroy: a reset can throw away the half already sent, and the client then keeps nothing.
			response.write(slice.subarray(0, slice.length >> 1), () => response.socket?.end());
			return;
		}
		response.end(slice);
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		host: `http://127.0.0.1:${port}`,
		requests,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
