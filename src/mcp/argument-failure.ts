import type { z } from "zod";
import type { ToolFailure } from "./tool-result";

/** Issues named in one failure: enough to fix several mistakes at once, short enough to read. */
const MAX_ISSUES = 3;

/**
 * The tool failure for arguments that do not fit a tool's input schema: `{error, retryable:
 * false, field}` like every other refusal, `field` the path of the first argument at fault
 * (`filters.status`, `related[0].type`; absent for the arguments as a whole, e.g. an unknown key
 * at the top), the error each issue's path and message, with what to give where zod's own
 * message would only say what was received.
 */
export function argumentFailure(error: z.ZodError): ToolFailure {
	const issues = error.issues
		.slice(0, MAX_ISSUES)
		.map((issue) => ({ field: pathText(issue.path), text: issueText(issue) }));
	const first = issues[0]?.field ?? "";
	const failure: ToolFailure = {
		error: issues.map(({ field, text }) => (field === "" ? text : `${field}: ${text}`)).join("; "),
		retryable: false,
	};
	if (first !== "") failure.field = first;
	return failure;
}

/** `filters.status`, `related[0].type`. */
function pathText(path: readonly PropertyKey[]): string {
	return path.map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`)).join("");
}

function issueText(issue: z.core.$ZodIssue): string {
	if (issue.code === "invalid_type" && issue.input === undefined) return `is required (${issue.expected})`;
	return issue.message;
}
