import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Random bytes in a generated token; the MCP settings require at least this many. */
const TOKEN_BYTES = 32;

/** Shortest accepted token: 32 bytes in URL-safe base64 without padding. */
export const MIN_TOKEN_LENGTH = 43;

/** A new bearer token: 32 random bytes, URL-safe base64 (43 characters). */
export function generateToken(): string {
	return randomBytes(TOKEN_BYTES).toString("base64url");
}

/**
 * Whether an `Authorization` header carries exactly this bearer token. Both sides are hashed first,
 * so the comparison takes the same time whatever the length or content of the presented value.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
	const presented = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "")?.[1] ?? "";
	return timingSafeEqual(digest(presented), digest(token));
}

function digest(value: string): Buffer {
	return createHash("sha256").update(value, "utf8").digest();
}
