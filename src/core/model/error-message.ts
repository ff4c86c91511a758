/** The message of a thrown value, for error texts and warnings (a non-Error is stringified). */
export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
