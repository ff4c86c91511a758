import { z } from "zod";
import { LIFECYCLE_STATUSES } from "../../core/model/lifecycle-status";
import { MAX_CLUSTER_MEMORIES } from "../../core/consolidation/cluster-memories";
import { type MemoryToolList, registerMemoryTool, type ToolContext } from "../memory-tool";
import {
	dateMs,
	isoDateField,
	isoTime,
	kField,
	labelField,
	LIMITS,
	NODE_ID_HELP,
	nodeIdField,
	round3,
	statusField,
	strictArgs,
} from "../tool-fields";

/** Largest min_size a client may ask for: the largest cluster clustering makes. */
const MAX_MIN_SIZE = 30;

const clusterOut = z.object({
	label: z
		.array(z.string())
		.describe("The cues most members share (stemmed words and names): what the cluster is about."),
	members: z.array(z.string()).describe("Member node_ids, newest first."),
	newest: z.string().describe("When the newest member was written (ISO time)."),
	cohesion: z.number().describe("Mean similarity of the member pairs, 0–1 (above 0.25 by construction)."),
	why: z.array(z.string()).describe("The signals that joined the members."),
});

export function registerConsolidationTools(tools: MemoryToolList, context: ToolContext): void {
	registerMemoryTool(tools, context, {
		name: "memory_clusters",
		title: "Find clusters of memories",
		description:
			"Lists groups of memories about the same thing (near duplicates, episodes of one topic), newest cluster first, each with a label, its members and why they belong together. " +
			`Compares the newest ${MAX_CLUSTER_MEMORIES} memories that pass the filters; memories already consolidated are left out. Changes nothing. ` +
			"To consolidate one: memory_get its members, write one summary that keeps every fact worth keeping, then memory_consolidate.",
		kind: "read",
		input: {
			filters: strictArgs(
				{
					status: z
						.union([statusField, z.array(statusField).min(1)], {
							error: `must be one status or a list of them: ${LIFECYCLE_STATUSES.join(", ")}`,
						})
						.optional()
						.describe("One status or a list: active, dormant, fading, pruned, core."),
					folder: z
						.string()
						.max(LIMITS.idChars)
						.optional()
						.describe('A vault folder; notes below it count too, e.g. "Memory".'),
					since: isoDateField("Only memories created at or after this date.").optional(),
				},
				"filters",
			)
				.default({})
				.describe("All optional; a memory must pass every filter given."),
			min_size: z
				.number()
				.int()
				.min(2)
				.max(MAX_MIN_SIZE)
				.default(2)
				.describe(`Smallest cluster to list (2–${MAX_MIN_SIZE}, default 2).`),
			k: kField("How many clusters to return (1–200, default 10).").default(10),
		},
		output: {
			clusters: z.array(clusterOut),
			total: z.number().describe("Clusters found before k cut the list."),
			compared: z.number().describe("Memories compared."),
			left_out: z
				.number()
				.describe(`Memories that passed the filters but are older than the newest ${MAX_CLUSTER_MEMORIES}.`),
		},
		annotations: { readOnlyHint: true, idempotentHint: true },
		run: async (args, { memory }) => {
			const { status, folder, since } = args.filters;
			const report = await memory.clusters({
				...(status === undefined ? {} : { status }),
				...(folder === undefined || folder.trim() === "" ? {} : { folder: folder.trim() }),
				...(since === undefined ? {} : { since: dateMs(since) }),
				minSize: args.min_size,
				k: args.k,
			});
			return {
				clusters: report.clusters.map((cluster) => ({
					label: cluster.label,
					members: cluster.members,
					newest: isoTime(cluster.newestAt),
					cohesion: round3(cluster.cohesion),
					why: cluster.why,
				})),
				total: report.total,
				compared: report.compared,
				left_out: report.leftOut,
			};
		},
	});

	registerMemoryTool(tools, context, {
		name: "memory_consolidate",
		title: "Consolidate memories into one",
		description:
			"Saves your summary of several memories as one new memory in the memory folder, derived_from each of them and caused_by their causes outside the group. " +
			"Each member gets memory_consolidated_into pointing at the summary and fades faster from then on, so recall prefers the summary; nothing is deleted, and the user can undo the whole consolidation in one step. " +
			"Refused, before anything is written, for an unknown or unreadable id, a member already consolidated, an empty summary or fewer than 2 memories. Find candidates with memory_clusters.",
		kind: "write",
		input: {
			ids: z
				.array(nodeIdField(NODE_ID_HELP))
				.max(LIMITS.listEntries)
				.describe("The memories to consolidate (at least 2), e.g. the members of a memory_clusters cluster."),
			summary: z
				.string()
				.max(LIMITS.contentChars)
				.describe(
					"The summary in Markdown (at most 100 KB): every fact, decision and cause of the members worth keeping, in your words.",
				),
			title: labelField("A title for the summary (its file name). Default: the summary's first line.").optional(),
		},
		output: {
			node_id: z.string().describe("The summary memory's vault path."),
			members: z.array(z.string()).describe("The members, now marked memory_consolidated_into the summary."),
			carried_causes: z
				.array(z.string())
				.describe("Causes of members outside the group, linked from the summary with caused_by."),
			auto_links: z
				.array(z.object({ node_id: z.string(), score: z.number() }))
				.describe("Similar memories the summary was also linked to (related_to)."),
			undo_id: z.string().describe("Names this consolidation for its undo."),
		},
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
		run: async (args, { memory }) => {
			const result = await memory.consolidate({
				ids: args.ids,
				summary: args.summary,
				...(args.title === undefined || args.title === "" ? {} : { title: args.title }),
			});
			return {
				node_id: result.nodeId,
				members: result.members,
				carried_causes: result.carriedCauses,
				auto_links: result.autoLinks.map((link) => ({ node_id: link.target, score: round3(link.score) })),
				undo_id: result.undoId,
			};
		},
	});
}
