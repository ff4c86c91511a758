/** Inflates gzip bytes with the platform's DecompressionStream (browsers, workers, Electron). */
export function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> {
	const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
	return new Response(inflated).arrayBuffer();
}
