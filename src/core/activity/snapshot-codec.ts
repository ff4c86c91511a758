import { z } from "zod";
import type { ActivityState, StateMarks } from "./activity-state";
import { decodeChecksummedJson, encodeChecksummedLine } from "./log-codec";
import type { NodeActivity } from "./node-activity";
import { LIFECYCLE_STATUSES, PRUNE_ACTIONS } from "../model/lifecycle-status";
import { once } from "../util/once";

const SNAPSHOT_FORMAT = 1;

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
const snapshotSchema = once(() => {
	const time = z.number();
	const nullableTime = time.nullable();
	// `device` was added later: entries of older snapshots belong to the legacy device.
	const entryBase = {
		seq: z.number().int().positive(),
		device: z.string().default(""),
		path: z.string(),
		at: time,
		undoneAt: nullableTime,
	};

	const NodeActivitySchema = z.object({
		path: z.string(),
		recalls: z.object({
			count: z.number().int().nonnegative(),
			recent: z.array(time),
			older: z
				.object({ count: z.number().int().positive(), firstAt: time, lastAt: time, stability: z.number().nullable() })
				.nullable(),
		}),
		lastRecalled: nullableTime,
		lastOpened: nullableTime,
		lastEdited: nullableTime,
		lastLinked: nullableTime,
		// Added after format 1 was released: older snapshots have no cascades.
		lastCascaded: nullableTime.default(null),
		deletedAt: nullableTime,
		history: z.array(
			z.discriminatedUnion("kind", [
				z.object({
					kind: z.literal("transition"),
					...entryBase,
					from: z.enum(LIFECYCLE_STATUSES),
					to: z.enum(LIFECYCLE_STATUSES),
					reason: z.string(),
				}),
				z.object({
					kind: z.literal("prune"),
					...entryBase,
					action: z.enum(PRUNE_ACTIONS),
					destination: z.string().optional(),
					reason: z.string().optional(),
				}),
			]),
		),
	});

	return z.object({
		format: z.literal(SNAPSHOT_FORMAT),
		generation: z.number().int().positive(),
		lastSeq: z.number().int().nonnegative(),
		nodes: z.array(NodeActivitySchema),
		// Added with devices; older snapshots have none.
		renames: z.array(z.object({ from: z.string(), to: z.string(), at: time })).default([]),
		undos: z.array(z.object({ device: z.string(), ref: z.number().int().positive(), at: time })).default([]),
	});
});

export interface Snapshot extends StateMarks {
	/** The first log generation that is not folded into this snapshot. */
	generation: number;
	nodes: NodeActivity[];
}

/** The whole state as one checksummed line. */
export function encodeSnapshot(state: ActivityState, generation: number): string {
	const { lastSeq, renames, undos } = state.marks();
	return encodeChecksummedLine(
		JSON.stringify({ format: SNAPSHOT_FORMAT, generation, lastSeq, nodes: [...state.allNodes()], renames, undos }),
	);
}

export function decodeSnapshot(text: string): Snapshot | { problem: string } {
	if (!text.endsWith("\n")) return { problem: "the file is incomplete" };
	const decoded = decodeChecksummedJson(text.slice(0, -1));
	if ("problem" in decoded) return decoded;
	const parsed = snapshotSchema().safeParse(decoded.value);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return { problem: `unexpected content at "${issue.path.join(".")}": ${issue.message}` };
	}
	const { format: _format, ...snapshot } = parsed.data;
	return snapshot;
}
