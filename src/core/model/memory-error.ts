/**
 * A refused or failed memory operation, with the input field at fault. `retryable` is true only
 * when the same call may succeed later unchanged (e.g. a read while the index is still loading).
 * Messages never contain tokens or absolute paths: MCP clients show them verbatim.
 */
export class MemoryError extends Error {
	constructor(
		message: string,
		readonly field: string | null = null,
		readonly retryable = false,
	) {
		super(message);
		this.name = "MemoryError";
	}
}

/**
 * Refused before anything was read or written, for a reason that passes on its own (the index
 * still being built, the vault's writer lock held by another process): the same call, repeated
 * later unchanged, may succeed. Unlike other retryable errors this holds for writes too.
 */
export class RetryLaterError extends MemoryError {
	constructor(message: string) {
		super(message, null, true);
		this.name = "RetryLaterError";
	}
}
