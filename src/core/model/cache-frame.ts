/**
 * The frame every cache in a CacheStore is saved in: one JSON header line (format, the signature
 * of the code or settings that made the body), then the body, streamed as it is made. A version
 * mismatch is found without decoding the body. The body ends with a trailer of its own giving
 * its length and checksum (the codecs check it), since its length is not known when the header
 * line is written; caches of older formats had the length in the line and are refused by format.
 */
export interface CacheFrameHeader {
	format: number;
	signature: string;
}

export type Unframed =
	{ body: Uint8Array } | { problem: "no header" } | { problem: "format"; found: string } | { problem: "signature" };

/** The header line is short; a cache without a newline this early is not ours. */
const MAX_HEADER_BYTES = 4096;
const NEWLINE = 0x0a;

/**
 * The frame of a body streamed in pieces as they are made (`CacheBytes`): the header line, then
 * the pieces. The line is padded with spaces to a multiple of 8 bytes, so the body read back
 * from a file starts 8-byte aligned and typed arrays can view it without a copy.
 */
export async function* streamedCacheFrame(
	header: CacheFrameHeader,
	body: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
	const json = JSON.stringify(header);
	const length = new TextEncoder().encode(json).byteLength + 1;
	yield new TextEncoder().encode(`${json}${" ".repeat((8 - (length % 8)) % 8)}\n`);
	yield* body;
}

/** The body of a framed cache, or what is wrong with it, checked in order: header, format, signature. */
export function unframeCache(bytes: Uint8Array, expected: CacheFrameHeader): Unframed {
	const newline = bytes.subarray(0, MAX_HEADER_BYTES).indexOf(NEWLINE);
	const header = newline < 0 ? undefined : parseHeader(bytes.subarray(0, newline));
	if (header === undefined) return { problem: "no header" };
	if (header.format !== expected.format) return { problem: "format", found: String(header.format) };
	if (header.signature !== expected.signature) return { problem: "signature" };
	return { body: bytes.subarray(newline + 1) };
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
	}
}

function parseHeader(bytes: Uint8Array): Partial<CacheFrameHeader> | undefined {
	try {
		const parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
		return typeof parsed === "object" && parsed !== null ? parsed : undefined;
	} catch {
		return undefined;
	}
}
