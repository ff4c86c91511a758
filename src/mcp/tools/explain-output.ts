import { z } from "zod";
import type { HistoryEntry } from "../../core/activity/node-activity";
import type { ChainStep } from "../../core/graph/causal";
import { DECAY_MODELS } from "../../core/model/scoring-settings";
import type { ExplainedEdge, Explanation } from "../../core/inspector/types";
import { edgeTypeOut, isoTime, isoTimeOrNull, statusField } from "../tool-fields";

const chainStep = z.object({
	node_id: z.string(),
	depth: z.number().int().describe("Hops from the explained memory."),
	via: z.string().describe("The memory one hop closer through which this one was reached."),
});

const edge = z.object({
	source: z.string(),
	target: z.string(),
	type: edgeTypeOut,
	weight: z.number().describe("Causal weight toward connectivity (0 for non-supportive types)."),
	supportive: z.boolean(),
	provenance: z
		.array(z.object({ origin: z.string(), key: z.string().optional() }))
		.describe("Where the source note states the edge."),
});

const historyEntry = z.object({
	seq: z.number().int(),
	kind: z.enum(["transition", "prune"]),
	at: z.string(),
	from: statusField.optional(),
	to: statusField.optional(),
	action: z.string().optional(),
	reason: z.string().optional(),
	undone_at: z.string().nullable(),
});

/** The structured content of memory_explain. */
export const explainOutput = {
	node_id: z.string(),
	title: z.string(),
	pinned: z.boolean(),
	category: z.string().nullable(),
	source: z.string().nullable().describe('memory_source: "mcp" for memories created through these tools.'),
	status: z.object({
		status: statusField,
		why: z.string(),
		since: z.string().nullable(),
		retention_calls_for: z.enum(["active", "dormant", "fading"]),
		dormant_threshold: z.number(),
		fading_threshold: z.number(),
	}),
	forces: z.object({
		relevance: z.object({
			value: z.number(),
			last_use: z.object({
				at: z.string(),
				kind: z.enum(["created", "modified", "recalled", "opened", "linked", "cascaded"]),
			}),
			age_days: z.number(),
			decay_model: z.enum(DECAY_MODELS),
			half_life_days: z.number(),
			stability: z.number(),
		}),
		connectivity: z.object({
			value: z.number(),
			weighted_degree: z.number(),
			degree: z.number().int(),
			reference_degree: z.number(),
			orphan_floor: z.number(),
			orphan: z.boolean(),
		}),
		reactivation: z.object({
			value: z.number(),
			recalls: z.number().int(),
			last_recall: z.string().nullable(),
			recall_strength: z.number(),
			activation: z.number(),
			baseline: z.number(),
			recalls_for_half_boost: z.number(),
		}),
	}),
	retention: z.number(),
	consolidation: z.number(),
	formula: z.array(z.string()),
	history: z.array(historyEntry),
	upstream: z.array(chainStep).describe("Causes and evidence of this memory, nearest first (at most 20)."),
	downstream: z.array(chainStep).describe("What this memory caused or supports, nearest first (at most 20)."),
	chain_truncated: z.boolean(),
	edges_out: z.array(edge).describe("At most 10; edges_out_total and edges_out_by_type count them all."),
	edges_in: z.array(edge).describe("At most 10; edges_in_total and edges_in_by_type count them all."),
	edges_out_total: z.number().int(),
	edges_in_total: z.number().int(),
	edges_out_by_type: z.record(z.string(), z.number().int()).describe("Edges out by type, listed or not."),
	edges_in_by_type: z.record(z.string(), z.number().int()).describe("Edges in by type, listed or not."),
	edges_out_more: z
		.string()
		.nullable()
		.describe('What edges_out leaves out, e.g. "and 40 more: 30 caused_by, 10 supports"; null when nothing.'),
	edges_in_more: z.string().nullable().describe("What edges_in leaves out; null when nothing."),
	removal_impact: z.object({
		orphaned: z
			.array(z.string())
			.describe("Memories left without any supportive link if this one were removed (at most 10 listed)."),
		orphaned_count: z.number().int(),
		disconnected: z
			.number()
			.int()
			.describe("Memories cut off from the rest of their neighbourhood if this one were removed."),
		components_after: z.number().int(),
		weighted_degree: z.number(),
		supportive_edges: z.number().int(),
		edges: z.number().int(),
	}),
};

type ExplainOutput = z.input<z.ZodObject<typeof explainOutput>>;

function chainOut(step: ChainStep) {
	return { node_id: step.path, depth: step.depth, via: step.via };
}

function edgeOut(e: ExplainedEdge) {
	return {
		source: e.source,
		target: e.target,
		type: e.type,
		weight: e.weight,
		supportive: e.supportive,
		provenance: e.provenance,
	};
}

function historyOut(entry: HistoryEntry): z.input<typeof historyEntry> {
	const common = { seq: entry.seq, kind: entry.kind, at: isoTime(entry.at), undone_at: isoTimeOrNull(entry.undoneAt) };
	if (entry.kind === "transition") return { ...common, from: entry.from, to: entry.to, reason: entry.reason };
	return { ...common, action: entry.action, ...(entry.reason === undefined ? {} : { reason: entry.reason }) };
}

export function explainOut(e: Explanation): ExplainOutput {
	const { relevance, connectivity, reactivation } = e.scores;
	return {
		node_id: e.path,
		title: e.title,
		pinned: e.pinned,
		category: e.category,
		source: e.source,
		status: {
			status: e.status.status,
			why: e.status.why,
			since: isoTimeOrNull(e.status.since),
			retention_calls_for: e.status.retentionCallsFor,
			dormant_threshold: e.status.dormantThreshold,
			fading_threshold: e.status.fadingThreshold,
		},
		forces: {
			relevance: {
				value: relevance.value,
				last_use: { at: isoTime(relevance.lastUse.at), kind: relevance.lastUse.kind },
				age_days: relevance.ageDays,
				decay_model: relevance.decayModel,
				half_life_days: relevance.halfLifeDays,
				stability: relevance.stability,
			},
			connectivity: {
				value: connectivity.value,
				weighted_degree: connectivity.weightedDegree,
				degree: connectivity.degree,
				reference_degree: connectivity.referenceDegree,
				orphan_floor: connectivity.orphanFloor,
				orphan: connectivity.orphan,
			},
			reactivation: {
				value: reactivation.value,
				recalls: reactivation.recalls,
				last_recall: isoTimeOrNull(reactivation.lastRecall),
				recall_strength: reactivation.recallStrength,
				activation: reactivation.activation,
				baseline: reactivation.baseline,
				recalls_for_half_boost: reactivation.recallsForHalfBoost,
			},
		},
		retention: e.scores.retention,
		consolidation: e.scores.consolidation,
		formula: e.scores.formula,
		history: e.history.map(historyOut),
		upstream: e.upstream.map(chainOut),
		downstream: e.downstream.map(chainOut),
		chain_truncated: e.chainTruncated,
		edges_out: e.edgesOut.map(edgeOut),
		edges_in: e.edgesIn.map(edgeOut),
		edges_out_total: e.edgesOutTotal,
		edges_in_total: e.edgesInTotal,
		edges_out_by_type: e.edgesOutByType,
		edges_in_by_type: e.edgesInByType,
		edges_out_more: e.edgesOutMore,
		edges_in_more: e.edgesInMore,
		removal_impact: {
			orphaned: e.removalImpact.orphaned,
			orphaned_count: e.removalImpact.orphanedCount,
			disconnected: e.removalImpact.disconnected,
			components_after: e.removalImpact.componentsAfter,
			weighted_degree: e.removalImpact.weightedDegree,
			supportive_edges: e.removalImpact.supportiveEdges,
			edges: e.removalImpact.edges,
		},
	};
}
