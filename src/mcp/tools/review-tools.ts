import { z } from "zod";
import { reasonText } from "../../core/review/beliefs-in-question";
import { REVIEW_CLUSTER_SIZE } from "../../core/consolidation/cluster-memories";
import type { AtRiskMemory, MemoryCluster, ReviewQueues } from "../../engine/review/memory-review";
import { type MemoryToolList, registerMemoryTool, type ToolContext } from "../memory-tool";
import { edgeTypeOut, enumField, statusField } from "../tool-fields";

const QUEUES = ["all", "clusters", "at_risk", "beliefs_in_question", "relationships"] as const;
const DEFAULT_K = 5;
const MAX_K = 50;

const reasonOut = z.string().describe("Why the item is in the queue, in words.");

const output = {
	counts: z
		.object({
			clusters: z.number().int().optional().describe("Set when the clusters queue was asked for."),
			at_risk: z.number().int(),
			beliefs_in_question: z.number().int(),
			relationships: z.number().int(),
		})
		.describe("Items in each queue (memories you may read), all of them, not only those listed."),
	clusters: z
		.array(
			z.object({
				node_ids: z.array(z.string()).describe("The members, newest first."),
				label: z.array(z.string()).describe("The cues most members share (stemmed words)."),
				reason: reasonOut,
			}),
		)
		.optional()
		.describe(
			`Groups of at least ${REVIEW_CLUSTER_SIZE} memories about the same thing, newest first, not dismissed by the user: consolidate them with memory_consolidate.`,
		),
	at_risk: z
		.array(
			z.object({
				node_id: z.string(),
				reason: reasonOut,
				days_until_fading: z.number().optional().describe("Full only."),
				status: statusField.optional().describe("Full only."),
			}),
		)
		.optional()
		.describe("Memories that will turn fading soon unless used, soonest first."),
	beliefs_in_question: z
		.array(
			z.object({
				node_id: z.string(),
				reason: reasonOut,
				newer: z
					.array(z.string())
					.optional()
					.describe("Full only: newer memories named in the reasons, any of which may supersede it."),
			}),
		)
		.optional()
		.describe("Memories whose cause or evidence was superseded or contradicted, or that a newer memory contradicts."),
	relationships: z
		.array(
			z.object({
				source: z.string(),
				target: z.string(),
				type: edgeTypeOut,
				reason: reasonOut,
				cues: z.array(z.string()).optional().describe("Full only: the rare cues they share (stemmed)."),
			}),
		)
		.optional()
		.describe("Links proposed between unlinked memories of different communities that share rare cues."),
};

type Output = z.input<z.ZodObject<typeof output>>;

function atRiskReason(item: AtRiskMemory): string {
	const days = Math.max(1, Math.round(item.days));
	const when = item.days === 0 ? "at the next maintenance passes" : `in ${days} ${days === 1 ? "day" : "days"}`;
	return `${item.status}, turns fading ${when} unless it is used`;
}

function reviewOut(
	queues: ReviewQueues,
	clusters: readonly MemoryCluster[] | null,
	queue: (typeof QUEUES)[number],
	k: number,
	full: boolean,
): Output {
	const shows = (name: (typeof QUEUES)[number]): boolean => queue === "all" || queue === name;
	const same = (path: string): string => path;
	const result: Output = {
		counts: {
			at_risk: queues.atRisk.length,
			beliefs_in_question: queues.beliefs.length,
			relationships: queues.relationships.length,
		},
	};
	if (clusters) {
		result.counts.clusters = clusters.length;
		result.clusters = clusters.slice(0, k).map((cluster) => ({
			node_ids: cluster.members,
			label: cluster.label,
			reason: cluster.why.join("; "),
		}));
	}
	if (shows("at_risk"))
		result.at_risk = queues.atRisk.slice(0, k).map((item) => ({
			node_id: item.path,
			reason: atRiskReason(item),
			...(full ? { days_until_fading: Math.round(item.days * 10) / 10, status: item.status } : {}),
		}));
	if (shows("beliefs_in_question"))
		result.beliefs_in_question = queues.beliefs.slice(0, k).map((belief) => ({
			node_id: belief.path,
			reason: belief.reasons.map((reason) => reasonText(reason, same)).join("; "),
			...(full ? { newer: belief.newer } : {}),
		}));
	if (shows("relationships"))
		result.relationships = queues.relationships.slice(0, k).map((proposal) => ({
			source: proposal.source,
			target: proposal.target,
			type: proposal.type,
			reason: `unlinked, in different communities, sharing ${proposal.cues.length} rare ${proposal.cues.length === 1 ? "cue" : "cues"}`,
			...(full ? { cues: proposal.cues } : {}),
		}));
	return result;
}

export function registerReviewTools(tools: MemoryToolList, context: ToolContext): void {
	registerMemoryTool(tools, context, {
		name: "memory_review",
		title: "Review queues",
		description:
			"What the memory asks someone to decide, as counts and the top items of each queue: clusters (memories about the same thing, to consolidate), at_risk (memories that will turn fading soon unless used), " +
			"beliefs_in_question (a memory's cause or evidence was superseded or contradicted, or a newer memory contradicts it) and relationships (links proposed between unlinked memories that share rare cues). " +
			"Act with the other tools: memory_consolidate turns a cluster into one summary, recall or pin_memory keeps a memory, memory_link with type supersedes (newer as source) or memory_amend settles a belief, memory_link accepts a relationship. " +
			"The user decides the same queues in Obsidian's memory view. Changes nothing.",
		kind: "read",
		input: {
			queue: enumField(QUEUES).default("all").describe("One queue, or all of them (default)."),
			k: z
				.number()
				.int()
				.min(1)
				.max(MAX_K)
				.default(DEFAULT_K)
				.describe(`Items listed per queue (default ${DEFAULT_K}, at most ${MAX_K}).`),
			verbosity: enumField(["concise", "full"])
				.default("concise")
				.describe("concise (default): ids and a reason per item; full: also days, statuses, newer memories and cues."),
		},
		output,
		annotations: { readOnlyHint: true, idempotentHint: true },
		run: async (args, { memory }) => {
			const clusters = args.queue === "all" || args.queue === "clusters" ? await memory.reviewClusters() : null;
			return reviewOut(memory.review(), clusters, args.queue, args.k, args.verbosity === "full");
		},
	});
}
