import { z } from "zod";
import { LIFECYCLE_STATUSES } from "../core/model/lifecycle-status";
import { EDGE_TYPE_INFO, EDGE_TYPES } from "../core/model/edge-types";

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

export const NODE_ID_HELP =
	'A vault path such as "Memory/Deploy freeze.md" or a link text such as "Deploy freeze" or "[[Deploy freeze]]"; node_id values returned by other tools work as they are.';

export const edgeTypeField = z
	.enum(EDGE_TYPES)
	.describe(EDGE_TYPES.map((type) => `${type}: ${EDGE_TYPE_INFO[type].meaning}.`).join(" "));

export const statusField = z.enum(LIFECYCLE_STATUSES);

export const labelField = (description: string) => z.string().trim().max(LIMITS.labelChars).describe(description);

export const reasonField = z.string().max(LIMITS.reasonChars).describe("Why, in a sentence; kept with the result for your own record.");

export const contentField = z
	.string()
	.min(1)
	.max(LIMITS.contentChars)
	.describe("The memory's text in Markdown (at most 100 KB). One fact, decision or event per memory works best for recall.");

export const queryField = z.string().max(LIMITS.queryChars);

export const kField = (description: string) => z.number().int().min(1).max(LIMITS.maxK).describe(description);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO 8601 date, or a date and time with a zone (a time without a zone would depend on the server's clock). */
export function isoDateField(description: string) {
	return z
		.string()
		.refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)), {
			error: 'must be an ISO 8601 date such as "2025-03-01" or a date and time with a zone such as "2025-03-01T09:30:00Z"',
		})
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
