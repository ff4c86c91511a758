import type { z } from "zod";

/** Validates one group of settings; the error names the first bad field and what it must be. */
export function parseSettings<S extends z.ZodType>(schema: S, input: unknown, group: string): z.infer<S> {
	const result = schema.safeParse(input ?? {});
	if (result.success) return result.data;
	const issue = result.error.issues[0];
	const field = issue?.path.join(".") || "(settings)";
	throw new Error(`Invalid ${group} setting "${field}": ${issue?.message ?? "invalid value"}.`);
}
