/**
 * The frame every cache in a CacheStore is saved in: one JSON header line (format, the signature
 * of the code or settings that made the body, the body's length), then the body. A version
 * mismatch is found without decoding the body, and a partial write by its length. A body
 * streamed as it is made (`streamedCacheFrame`) has no length in the line: it ends with a
 * trailer of its own that says it, which its decoder checks.
 */
export interface CacheFrameHeader {
	format: number;
	signature: string;
}

export type Unframed =
	| { body: Uint8Array }
	| { problem: "no header" }
	| { problem: "format"; found: string }
	| { problem: "signature" }
	| { problem: "partial"; got: number; expected: string };

/** The header line is short; a cache without a newline this early is not ours. */
const MAX_HEADER_BYTES = 4096;
const NEWLINE = 0x0a;

export function frameCache(header: CacheFrameHeader, body: Uint8Array): Uint8Array {
	const [head] = cacheFrameParts(header, body);
	const bytes = new Uint8Array(head.byteLength + body.byteLength);
	bytes.set(head);
	bytes.set(body, head.byteLength);
	return bytes;
}

/**
 * The frame as its header line and the body itself, for `CacheStore.write`: a cache of 100+ MB
 * is not copied once more to prepend a line. The line is padded with spaces to a multiple of
 * 8 bytes, so the body read back from a file starts 8-byte aligned and typed arrays can view it
 * without a copy.
 */
export function cacheFrameParts(header: CacheFrameHeader, body: Uint8Array | readonly Uint8Array[]): Uint8Array[] {
	const pieces = body instanceof Uint8Array ? [body] : body;
	return [headerLine({ ...header, bytes: pieces.reduce((sum, piece) => sum + piece.byteLength, 0) }), ...pieces];
}

/**
 * The frame of a body streamed in pieces as they are made (`CacheBytes`): the header line
 * without a length, then the pieces. The body must end with a trailer of its own giving its
 * length and checksum, so a partial write is found when it is decoded.
 */
export async function* streamedCacheFrame(
	header: CacheFrameHeader,
	body: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
	yield headerLine(header);
	yield* body;
}

/** The header line, padded with spaces to a multiple of 8 bytes. */
function headerLine(header: CacheFrameHeader & { bytes?: number }): Uint8Array {
	const json = JSON.stringify(header);
	const length = new TextEncoder().encode(json).byteLength + 1;
	return new TextEncoder().encode(`${json}${" ".repeat((8 - (length % 8)) % 8)}\n`);
}

/** The body of a framed cache, or what is wrong with it, checked in order: header, format, signature, length. */
export function unframeCache(bytes: Uint8Array, expected: CacheFrameHeader): Unframed {
	const newline = bytes.subarray(0, MAX_HEADER_BYTES).indexOf(NEWLINE);
	const header = newline < 0 ? undefined : parseHeader(bytes.subarray(0, newline));
	if (header === undefined) return { problem: "no header" };
	if (header.format !== expected.format) return { problem: "format", found: String(header.format) };
	if (header.signature !== expected.signature) return { problem: "signature" };
	const body = bytes.subarray(newline + 1);
	if (header.bytes !== undefined && body.byteLength !== header.bytes)
		return { problem: "partial", got: body.byteLength, expected: String(header.bytes) };
	return { body };
}

/**
 * What is wrong with a cache, for a log line after its name ("the keyword index cache …");
 * `signatureMismatch` says what a different signature means for this cache.
 */
export function frameProblem(
	framed: Exclude<Unframed, { body: Uint8Array }>,
	format: number,
	signatureMismatch: string,
): string {
	switch (framed.problem) {
		case "no header":
			return "is corrupt (no header line)";
		case "format":
			return `has format ${framed.found}, this version reads ${format}`;
		case "signature":
			return signatureMismatch;
		case "partial":
			return `is partial (${framed.got} of ${framed.expected} bytes)`;
	}
}

function parseHeader(bytes: Uint8Array): Partial<CacheFrameHeader & { bytes: number }> | undefined {
	try {
		const parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
		return typeof parsed === "object" && parsed !== null ? parsed : undefined;
	} catch {
		return undefined;
	}
}
