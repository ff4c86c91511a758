import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize, sep } from "node:path";

/** What the test page may ask for; anything else is refused and recorded as unexpected. */
export interface PageAssets {
	/** The page's own script (bench/browser/embed-entry.ts, bundled). */
	entryScript: string;
	/** The built plugin inside Obsidian's function wrapper (`pageScript`), added to the page as a script. */
	mainJs: string;
	/** Folder of the model whose files the page hands to the embedding worker. */
	modelFolder: string;
}

export interface PageServer {
	/** e.g. "http://127.0.0.1:41234" */
	readonly origin: string;
	/** Every request that reached the server, as a full URL (or "CONNECT host:port"), in order. */
	readonly requests: string[];
	/** Requests for another origin, tunnels, and paths the page has no business asking for (wasm, a favicon…). */
	readonly unexpected: string[];
	close(): Promise<void>;
}

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Causal Memory: embeddings in a Web Worker</title><link rel="icon" href="data:,"></head>
<body><h1>Causal Memory: embeddings in a Web Worker</h1><p id="status">Starting…</p><pre id="log" style="white-space: pre-wrap"></pre>
<script src="/embed-entry.js"></script></body>
</html>`;

/**
 * Serves the test page on 127.0.0.1 on a free port, and is also the page's proxy (loopback
 * included): every request of the page and its workers arrives here and is recorded; nothing is
 * forwarded anywhere.
 */
export async function startPageServer(assets: PageAssets): Promise<PageServer> {
	const requests: string[] = [];
	const unexpected: string[] = [];
	const server = createServer();
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(0, "127.0.0.1", resolve);
	});
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	server.on("request", (request: IncomingMessage, response) => {
		// Proxied requests carry the full URL; direct ones only the path.
		const url = new URL(request.url ?? "/", origin);
		requests.push(url.href);
		const body = url.origin === origin ? assetFor(url.pathname, assets) : null;
		if (body === null) {
			unexpected.push(url.href);
			response
				.writeHead(url.origin === origin ? 404 : 403, { "content-type": "text/plain" })
				.end(`not served: ${url.href}`);
			return;
		}
		response.writeHead(200, { "content-type": body.type, "cache-control": "no-store" }).end(body.data);
	});
	// An https:// request through the proxy starts with CONNECT: record it, refuse it.
	server.on("connect", (request: IncomingMessage, socket) => {
		requests.push(`CONNECT ${request.url ?? ""}`);
		unexpected.push(`CONNECT ${request.url ?? ""}`);
		socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
	});
	return { origin, requests, unexpected, close: () => closeServer(server) };
}

function assetFor(path: string, assets: PageAssets): { type: string; data: string | Buffer } | null {
	if (path === "/") return { type: "text/html; charset=utf-8", data: PAGE };
	if (path === "/embed-entry.js") return { type: "text/javascript", data: assets.entryScript };
	if (path === "/main.js") return { type: "text/javascript", data: assets.mainJs };
	if (path === "/worker-canary") return { type: "text/plain", data: "seen" };
	if (path.startsWith("/model/"))
		return modelFile(assets.modelFolder, decodeURIComponent(path.slice("/model/".length)));
	return null;
}

function modelFile(folder: string, file: string): { type: string; data: Buffer } | null {
	const root = normalize(`${folder}${sep}`);
	const full = normalize(join(root, file));
	if (!full.startsWith(root) || !existsSync(full) || !statSync(full).isFile()) return null;
	return { type: "application/octet-stream", data: readFileSync(full) };
}

function closeServer(server: Server): Promise<void> {
	return new Promise((resolve, reject) => {
		server.close((error) => (error ? reject(error) : resolve()));
		server.closeAllConnections();
	});
}
