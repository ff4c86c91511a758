/**
 * DNS-rebinding defence: a web page that resolves its own name to 127.0.0.1 still sends its own
 * name in Host and Origin, so only loopback names are let through.
 */

const LOOPBACK_HOSTNAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Host must name a loopback address and the port the server is bound to. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
	if (host === undefined) return false;
	const match = /^(\[[^\]]*\]|[^:]+):(\d+)$/.exec(host.trim().toLowerCase());
	return match !== null && LOOPBACK_HOSTNAMES.has(match[1]) && Number(match[2]) === port;
}

/**
 * Origin may be absent (non-browser clients send none) or a loopback origin, the server's own
 * included. Anything else, `null` included (sandboxed frames, files), is refused.
 */
export function isAllowedOrigin(origin: string | undefined): boolean {
	if (origin === undefined) return true;
	let url: URL;
	try {
		url = new URL(origin);
	} catch {
		return false;
	}
	return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTNAMES.has(url.hostname);
}
