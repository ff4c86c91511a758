import { z } from "zod";
import { EDGE_TYPES } from "../../core/model/edge-types";
import { LIFECYCLE_STATUSES } from "../../core/model/lifecycle-status";
import type { PassReport } from "../../engine/maintenance/memory-maintenance";
import { type MemoryToolList, registerMemoryTool, type ToolContext } from "../memory-tool";
import { isoTime, isoTimeOrNull, statusField } from "../tool-fields";

/** Changes and proposals listed in a maintenance summary; the counts cover all. */
const LISTED_CHANGES = 100;

const countsOf = <K extends string>(keys: readonly K[]) =>
	z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>);

const maintenanceOutput = {
	dry_run: z.boolean(),
	at: z.string(),
	notes: z.number().int().describe("Memories scored."),
	changes_total: z.number().int(),
	changes: z
		.array(z.object({ node_id: z.string(), from: statusField, to: statusField, reason: z.string() }))
		.describe(`Status changes of memories you may read, at most ${LISTED_CHANGES}.`),
	proposals: z
		.array(z.object({ node_id: z.string(), category: z.string().nullable(), reason: z.string() }))
		.describe("Core proposals waiting for the user."),
	frontmatter_writes: z
		.number()
		.int()
		.describe("memory_status values written (or, in a dry run, that would be written)."),
	failed_writes: z.number().int(),
	skipped_invalid_yaml: z
		.number()
		.int()
		.describe("Notes whose status could not be written because their frontmatter is not valid YAML."),
	total_ms: z.number(),
};

function maintenanceOut(report: PassReport & { changesTotal: number }): z.input<z.ZodObject<typeof maintenanceOutput>> {
	return {
		dry_run: report.dryRun,
		at: isoTime(report.at),
		notes: report.notes,
		changes_total: report.changesTotal,
		changes: report.changes
			.slice(0, LISTED_CHANGES)
			.map((change) => ({ node_id: change.path, from: change.from, to: change.to, reason: change.reason })),
		proposals: report.proposals
			.slice(0, LISTED_CHANGES)
			.map((proposal) => ({ node_id: proposal.path, category: proposal.category, reason: proposal.reason })),
		frontmatter_writes: report.writes.written,
		failed_writes: report.writes.failed.length,
		skipped_invalid_yaml: report.skippedInvalidYaml.length,
		total_ms: Math.round(report.totalMs),
	};
}

export function registerVaultTools(tools: MemoryToolList, context: ToolContext): void {
	registerMemoryTool(tools, context, {
		name: "memory_stats",
		title: "Memory statistics",
		description:
			"Numbers about the whole memory: memories, links by type, memories by status, orphans (no supportive link), core and pinned memories, notes waiting for embeddings, " +
			"when maintenance last ran, index warnings, open core proposals, and why writes are refused for now, if they are. Changes nothing.",
		kind: "read",
		input: {},
		output: {
			notes: z.number().int(),
			edges: z.number().int(),
			edges_by_type: countsOf(EDGE_TYPES),
			by_status: countsOf(LIFECYCLE_STATUSES),
			orphans: z.number().int(),
			dangling_links: z.number().int().describe("Links to notes that do not exist."),
			core: z.number().int(),
			pinned: z.number().int(),
			pending_embeddings: z.number().int(),
			last_maintenance_at: z.string().nullable(),
			index_warnings: z.number().int(),
			open_proposals: z.number().int(),
			writes_refused: z
				.string()
				.nullable()
				.describe(
					"Why write tools refuse for now (another process took over this server's writer lock), null when they work. Writes wait while the vault is being indexed.",
				),
		},
		annotations: { readOnlyHint: true, idempotentHint: true },
		run: (_args, { memory }) => {
			const stats = memory.stats();
			return {
				notes: stats.notes,
				edges: stats.edges,
				edges_by_type: stats.edgesByType,
				by_status: stats.byStatus,
				orphans: stats.orphans,
				dangling_links: stats.danglingLinks,
				core: stats.core,
				pinned: stats.pinned,
				pending_embeddings: stats.pendingEmbeddings,
				last_maintenance_at: isoTimeOrNull(stats.lastMaintenanceAt),
				index_warnings: stats.indexWarnings,
				open_proposals: stats.openProposals,
				writes_refused: memory.writesRefused(),
			};
		},
	});

	registerMemoryTool(tools, context, {
		name: "memory_maintenance",
		title: "Run a maintenance pass",
		description:
			"Rescores every memory and applies status changes (active → dormant → fading → pruned as retention falls; back up on use; promotion to core). " +
			"By default a dry run that only reports what a pass would change. With dry_run: false the pass is applied: statuses are written to notes, " +
			"and faded memories created through MCP may be marked, archived or trashed as the user's settings say. Passes also run on their own every few minutes.",
		kind: "write",
		input: { dry_run: z.boolean().default(true).describe("true (default): report only; false: apply the pass.") },
		output: maintenanceOutput,
		annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
		run: async (args, { memory }) => maintenanceOut(await memory.runPass({ dryRun: args.dry_run })),
	});
}
