import { z } from "zod";
import { LIFECYCLE_STATUSES } from "../core/model/lifecycle-status";
import { EDGE_TYPE_INFO, EDGE_TYPES } from "../core/model/edge-types";
import { isIsoDate, ISO_DATE_HINT } from "../core/model/iso-date";

/** Limits of tool arguments, checked before any engine call. */
export const LIMITS = {
	contentChars: 100 * 1024,
	queryChars: 2048,
	idChars: 1024,
	labelChars: 200,
	reasonChars: 1000,
	listEntries: 100,
	maxK: 200,
	maxDepth: 10,
} as const;

/** A memory id as a model gives it: a vault path or a link text. */
export function nodeIdField(description: string) {
	return z.string().trim().min(1).max(LIMITS.idChars).describe(description);
}

/** Said once per id field; the server instructions explain ids in full (ID_HELP). */
export const NODE_ID_HELP = 'A node_id, vault path or link text ("Deploy freeze").';

export const ID_HELP =
	'Memory ids (node_id) are vault paths such as "Memory/Deploy freeze.md"; a link text such as "Deploy freeze" or "[[Deploy freeze]]" works too.';

/** An enum whose error names the value given and lists the allowed ones (zod's default names neither in unions). */
export function enumField<const T extends readonly [string, ...string[]]>(values: T) {
	return z.enum(values, {
		error: (issue) => `${JSON.stringify(issue.input)} is not allowed; use one of: ${values.join(", ")}`,
	});
}

/**
 * Arguments as a strict object: an unknown key is an error that names it and the keys allowed
 * (a misspelt optional argument would otherwise be dropped without a word).
 */
export function strictArgs<S extends z.ZodRawShape>(shape: S, what = "arguments") {
	const allowed = Object.keys(shape);
	return z.strictObject(shape, {
		error: (issue) =>
			issue.code === "unrecognized_keys"
				? `unknown ${issue.keys.length === 1 ? "key" : "keys"} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")} in ${what}; allowed: ${allowed.length === 0 ? "none" : allowed.join(", ")}`
				: undefined,
	});
}

/** A score or other fraction as sent to clients: 3 decimals are all a ranking needs. */
export function round3(value: number): number {
	return Math.round(value * 1000) / 1000;
}

/** A copy of a plain JSON value with every fraction rounded by round3. */
export function roundNumbers<T>(value: T): T {
	if (typeof value === "number") return (Number.isInteger(value) ? value : round3(value)) as T;
	if (Array.isArray(value)) return value.map(roundNumbers) as T;
	if (typeof value === "object" && value !== null)
		return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, roundNumbers(entry)])) as T;
	return value;
}

/** An edge type in results (the meaning of each type is in the input schemas). */
export const edgeTypeOut = z.enum(EDGE_TYPES);

/** An edge type argument where memory_link's description of the types applies. */
export const edgeTypeArg = enumField(EDGE_TYPES).describe("A link type, as memory_link describes them.");

export const edgeTypeField = enumField(EDGE_TYPES).describe(
	EDGE_TYPES.map((type) => `${type}: ${EDGE_TYPE_INFO[type].meaning}.`).join(" "),
);

export const statusField = enumField(LIFECYCLE_STATUSES);

export const labelField = (description: string) => z.string().trim().max(LIMITS.labelChars).describe(description);

export const reasonField = z
	.string()
	.max(LIMITS.reasonChars)
	.describe("Why, in a sentence; kept with the result for your own record.");

export const contentField = z
	.string()
	.min(1)
	.max(LIMITS.contentChars)
	.describe(
		"The memory's text in Markdown (at most 100 KB). One fact, decision or event per memory works best for recall.",
	);

export const queryField = z.string().max(LIMITS.queryChars);

export const kField = (description: string) => z.number().int().min(1).max(LIMITS.maxK).describe(description);

/** An ISO 8601 date, or a date and time with a zone (a time without a zone would depend on the server's clock). */
export function isoDateField(description: string) {
	return z
		.string()
		.refine(isIsoDate, { error: `must be ${ISO_DATE_HINT}` })
		.describe(description);
}

/** Milliseconds of a date checked by isoDateField. */
export function dateMs(value: string): number {
	return Date.parse(value);
}

export function isoTime(ms: number): string {
	return new Date(ms).toISOString();
}

export function isoTimeOrNull(ms: number | null | undefined): string | null {
	return ms === null || ms === undefined || !Number.isFinite(ms) ? null : isoTime(ms);
}
