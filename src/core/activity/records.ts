import { z } from "zod";
import { LIFECYCLE_STATUSES, PRUNE_ACTIONS } from "../model/lifecycle-status";
import { once } from "../util/once";

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
const activityEventSchema = once(() => {
	const notePath = z
		.string()
		.refine((p) => p.endsWith(".md") && !p.startsWith("/") && !p.includes("\\") && !p.split("/").includes(".."), {
			error: 'must be a vault-relative path with "/" separators ending in ".md", e.g. "Projects/Plan.md"',
		});
	const timestamp = z.number().int().nonnegative().describe("milliseconds since the epoch");
	const reason = z.string().min(1).max(1000);

	const nodeEvent = <K extends string>(kind: K) =>
		z.strictObject({ kind: z.literal(kind), path: notePath, at: timestamp });

	return z.discriminatedUnion("kind", [
		nodeEvent("recall"),
		nodeEvent("open"),
		nodeEvent("edit"),
		/** A new link now points at the node. */
		nodeEvent("link"),
		/** A neighbour of the node was recalled: refreshes its relevance, adds no recall or stability. */
		nodeEvent("cascade"),
		nodeEvent("delete"),
		z
			.strictObject({ kind: z.literal("rename"), from: notePath, to: notePath, at: timestamp })
			.refine((e) => e.from !== e.to, { path: ["to"], error: 'must differ from "from"' }),
		z
			.strictObject({
				kind: z.literal("transition"),
				path: notePath,
				from: z.enum(LIFECYCLE_STATUSES),
				to: z.enum(LIFECYCLE_STATUSES),
				at: timestamp,
				reason,
			})
			.refine((e) => e.from !== e.to, { path: ["to"], error: 'must differ from "from"' }),
		z
			.strictObject({
				kind: z.literal("prune"),
				path: notePath,
				action: z.enum(PRUNE_ACTIONS),
				/** Where an archived note went. */
				destination: notePath.optional(),
				at: timestamp,
				reason: reason.optional(),
			})
			.refine((e) => (e.action === "archive") === (e.destination !== undefined), {
				path: ["destination"],
				error: 'is required for action "archive" and not allowed otherwise',
			}),
		/**
		 * Marks an earlier transition or prune as undone: its sequence number, and its device when
		 * that is not the device writing the undo.
		 */
		z.strictObject({
			kind: z.literal("undo"),
			ref: z.number().int().positive(),
			device: z
				.string()
				.regex(/^(?:[a-z0-9]{6,32})?$/, { error: "must be a device id (6 to 32 lowercase letters and digits)" })
				.optional(),
			at: timestamp,
		}),
	]);
});

export type ActivityEvent = z.infer<ReturnType<typeof activityEventSchema>>;
type ActivityKind = ActivityEvent["kind"];
export type ActivityEventOf<K extends ActivityKind> = Extract<ActivityEvent, { kind: K }>;

/** An event as it sits in the log: numbered by the store, strictly increasing. */
export type StoredRecord = ActivityEvent & { seq: number };

export class ActivityRecordError extends Error {
	constructor(
		/** Dotted path of the offending field, or "(record)" for the record as a whole. */
		readonly field: string,
		message: string,
	) {
		super(message);
		this.name = "ActivityRecordError";
	}
}

/** Validates an event; throws ActivityRecordError naming the first bad field. */
export function parseActivityEvent(input: unknown): ActivityEvent {
	const result = activityEventSchema().safeParse(input);
	if (result.success) return result.data;
	const issue = result.error.issues[0];
	const unknownKeys = issue.code === "unrecognized_keys" ? issue.keys : [];
	const field = unknownKeys.length > 0 ? unknownKeys.join(", ") : issue.path.join(".") || "(record)";
	const what = unknownKeys.length > 0 ? "is not a field of this kind of record" : issue.message;
	throw new ActivityRecordError(field, `Invalid activity record, field "${field}": ${what}.`);
}
