import { z } from "zod";
import { edgePhrase } from "../../core/graph/edge-phrases";
import type { RecallWhy } from "../../core/recall/rank";
import { boundedHit, MAX_LISTED_CONFLICTS, MAX_LISTED_NEIGHBOURS } from "../../core/recall/recall-hits";
import type { RecallHit, RecallResult, SearchFilters, SearchHit } from "../../core/recall/recall-types";
import { type MemoryToolList, registerMemoryTool, type ToolContext } from "../memory-tool";
import { LIFECYCLE_STATUSES } from "../../core/model/lifecycle-status";
import {
	dateMs,
	enumField,
	isoDateField,
	isoTime,
	kField,
	labelField,
	LIMITS,
	queryField,
	round3,
	statusField,
	strictArgs,
} from "../tool-fields";

/** Shown with a recall answered while the vault's first index is still running. */
const PARTIAL_NOTE =
	"The vault is still being indexed: these results come from the notes read so far, without their links. Recall again in a few seconds for complete results.";
/** Shown with a recall no embedding model took part in. */
const KEYWORD_ONLY_NOTE =
	"Keyword and graph only: semantic recall is off (no embedding model is loaded), so a memory that says the same in other words can be missing. The user can turn it on in the plugin's settings (Semantic recall) or headless with `causal-memory model download`.";
const embeddingNote = (pending: number): string =>
	`Keyword and graph only: semantic recall is still embedding ${pending} ${pending === 1 ? "note" : "notes"}; ask again later to find memories by meaning too.`;

/** Which retrievers answered, and in words what was missing. */
function channelsOf(result: RecallResult): { channels: ("keyword" | "semantic" | "graph")[]; notes: string[] } {
	const channels: ("keyword" | "semantic" | "graph")[] = ["keyword"];
	if (result.vector) channels.push("semantic");
	if (result.mode !== "keyword") channels.push("graph");
	const notes = result.partial ? [PARTIAL_NOTE] : [];
	if (!result.vector)
		notes.push(result.embeddingsPending > 0 ? embeddingNote(result.embeddingsPending) : KEYWORD_ONLY_NOTE);
	return { channels, notes };
}

const whySchema = z.object({
	terms: z.array(z.string()).optional().describe("Query terms found in the memory."),
	similarity: z.number().optional().describe("Cosine similarity of the query and the memory's best chunk."),
	path: z.array(z.string()).optional().describe("Graph path from a direct hit to this memory (hit first)."),
	edges: z
		.array(z.string())
		.optional()
		.describe(
			'edges[i] is how path[i] relates to path[i+1], e.g. "caused by" (path[i] happened because of path[i+1]) or "led to".',
		),
	replaces: z
		.array(z.string())
		.optional()
		.describe(
			`Superseded memories whose relevance this one took over (at most ${MAX_LISTED_NEIGHBOURS}; replaces_total counts them all).`,
		),
	replaces_total: z.number().int().optional().describe("Set when replaces lists only some."),
	consolidates: z
		.array(z.string())
		.optional()
		.describe(
			"A summary: its members (consolidated into it) that matched the query. Their relevance went to the summary and they take no result of their own; memory_get reads them.",
		),
	injected: z.enum(["core", "pinned"]).optional().describe("In the results only because it is core or pinned."),
});

const recallHitSchema = z.object({
	node_id: z.string().describe("The memory's vault path; its file name is its title."),
	score: z
		.number()
		.describe(
			"The ranking score, 0–1; results come in descending score: relevance weighed with retention, lowered for each earlier result from the same community or session (diversity). Never above the result before it.",
		),
	relevance: z.number().describe("Match to the query alone, 0–1, before retention and diversity."),
	retention: z.number().describe("How strongly the memory is kept, 0–1."),
	status: statusField,
	pinned: z.boolean().optional(),
	superseded_by: z
		.array(z.string())
		.optional()
		.describe(
			`Newer memories that replace this one (at most ${MAX_LISTED_NEIGHBOURS}; superseded_by_total counts them all).`,
		),
	superseded_by_total: z.number().int().optional().describe("Set when superseded_by lists only some."),
	low_confidence: z
		.boolean()
		.optional()
		.describe("Relevance under 0.2 by default: a weak match, placed after every stronger one."),
	conflicts: z
		.array(z.object({ node_id: z.string(), kind: z.enum(["numeric_mismatch", "negation"]), detail: z.string() }))
		.optional()
		.describe(
			`Other results that may state something different and are not settled yet: the first difference with each, at most ${MAX_LISTED_CONFLICTS} of them.`,
		),
	conflicts_total: z
		.number()
		.int()
		.optional()
		.describe(`How many other results may disagree, set when conflicts names only ${MAX_LISTED_CONFLICTS} of them.`),
	why: whySchema,
	snippet: z.string().optional(),
	content: z.string().optional(),
});

const searchHitSchema = z.object({
	node_id: z.string(),
	title: z.string(),
	status: statusField,
	category: z.string().optional(),
	tags: z.array(z.string()),
	created: z.string(),
	modified: z.string(),
	last_used: z.string(),
	score: z.number().optional(),
	terms: z.array(z.string()).optional(),
});

function whyOut({ replacesTotal, ...why }: RecallWhy): z.input<typeof whySchema> {
	const out: z.input<typeof whySchema> = {
		...why,
		edges: why.edges?.map((edge) => edgePhrase(edge.type, edge.direction === "forward" ? "out" : "in")),
	};
	if (replacesTotal !== undefined) out.replaces_total = replacesTotal;
	if (why.similarity !== undefined) out.similarity = round3(why.similarity);
	if (out.edges === undefined) delete out.edges;
	return out;
}

function recallHitOut(full: RecallHit): z.input<typeof recallHitSchema> {
	const hit = boundedHit(full);
	const out: z.input<typeof recallHitSchema> = {
		node_id: hit.path,
		score: round3(hit.score),
		relevance: round3(hit.relevance),
		retention: round3(hit.retention),
		status: hit.status,
		why: whyOut(hit.why),
	};
	if (hit.pinned) out.pinned = true;
	if (hit.supersededBy) out.superseded_by = hit.supersededBy;
	if (hit.supersededByTotal !== undefined) out.superseded_by_total = hit.supersededByTotal;
	if (hit.lowConfidence) out.low_confidence = true;
	if (hit.conflicts)
		out.conflicts = hit.conflicts.map((conflict) => ({
			node_id: conflict.id,
			kind: conflict.kind,
			detail: conflict.detail,
		}));
	if (hit.conflictsTotal !== undefined) out.conflicts_total = hit.conflictsTotal;
	if (hit.snippet !== undefined) out.snippet = hit.snippet;
	if (hit.content !== undefined) out.content = hit.content;
	return out;
}

function searchHitOut(hit: SearchHit): z.input<typeof searchHitSchema> {
	const out: z.input<typeof searchHitSchema> = {
		node_id: hit.path,
		title: hit.title,
		status: hit.status,
		tags: hit.tags,
		created: isoTime(hit.created),
		modified: isoTime(hit.modified),
		last_used: isoTime(hit.lastUsed),
	};
	if (hit.category !== undefined) out.category = hit.category;
	if (hit.score !== undefined) out.score = round3(hit.score);
	if (hit.terms !== undefined) out.terms = hit.terms;
	return out;
}

export function registerRecallTools(tools: MemoryToolList, context: ToolContext): void {
	registerMemoryTool(tools, context, {
		name: "memory_recall",
		title: "Recall memories",
		description:
			"Finds the memories most relevant to a question or topic: keyword and semantic match, then related memories reached through causal links, ranked with each memory's retention. " +
			"Each result says why it matched. Recalling a memory strengthens it (it is used, so it is kept); pass read_only: true to look without that effect. " +
			"Results come in descending score and stop where the rest would score far below the best (fewer than k then). Superseded memories come with superseded_by; results marked low_confidence matched weakly. " +
			"Results that may disagree with another result carry conflicts (the other memory's node_id): find out which is right, then memory_amend the wrong one, or memory_link the right one to it with supersedes, or link them with contradicts when both stay true; the flag goes away once settled.",
		kind: "read",
		input: {
			query: queryField
				.trim()
				.min(1)
				.describe('What to remember, in natural language, e.g. "why did we freeze deploys in March" (at most 2 KB).'),
			k: kField("How many memories to return (1–200, default 10).").default(10),
			max_results: kField("Same as k; wins when both are given.").optional(),
			verbosity: enumField(["full", "concise"])
				.default("concise")
				.describe('"concise" (default) returns a snippet of each memory, "full" its whole text.'),
			read_only: z
				.boolean()
				.default(false)
				.describe("true: change nothing (no reactivation of the returned memories)."),
		},
		output: {
			query: z.string(),
			mode: z.enum(["keyword", "keyword+graph", "full"]).describe('"keyword+graph" while no embedding model is ready.'),
			vector: z.boolean().describe("Whether semantic similarity took part."),
			channels: z
				.array(z.enum(["keyword", "semantic", "graph"]))
				.describe(
					'Which retrievers answered: "semantic" is missing when the answer is keyword-only (no embedding model ready; note says why).',
				),
			embeddings_pending: z.number().int().describe("Notes still waiting for embeddings."),
			partial: z
				.literal(true)
				.optional()
				.describe("Present while the vault is still being indexed: results come from the notes read so far."),
			note: z
				.string()
				.optional()
				.describe("Why the answer may be incomplete (still indexing, keyword-only), and what to do."),
			results: z.array(recallHitSchema),
		},
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
		run: async (args, { memory }) => {
			const result = await memory.recall(args.query, {
				limit: args.max_results ?? args.k,
				verbosity: args.verbosity,
				readOnly: args.read_only,
			});
			const { channels, notes } = channelsOf(result);
			return {
				query: result.query,
				mode: result.mode,
				vector: result.vector,
				channels,
				embeddings_pending: result.embeddingsPending,
				...(result.partial ? { partial: true as const } : {}),
				...(notes.length > 0 ? { note: notes.join(" ") } : {}),
				results: result.results.map(recallHitOut),
			};
		},
	});

	registerMemoryTool(tools, context, {
		name: "memory_search",
		title: "Search memories",
		description:
			'Lists memories matching keywords and filters (status, category, folder, tag, created since, used since, a period such as "March"); with an empty query, lists them by last use, newest first. ' +
			"Changes nothing. Use memory_recall for questions; use this to browse or to find memories by their properties.",
		kind: "read",
		input: {
			query: queryField.default("").describe("Keywords (at most 2 KB); empty lists by last use."),
			filters: strictArgs(
				{
					status: z
						.union([statusField, z.array(statusField).min(1)], {
							error: `must be one status or a list of them: ${LIFECYCLE_STATUSES.join(", ")}`,
						})
						.optional()
						.describe(
							'One status or a list: active, dormant, fading, pruned, core ("active" also matches notes without a status).',
						),
					category: labelField("memory_category, compared case-insensitively.").optional(),
					folder: z
						.string()
						.max(LIMITS.idChars)
						.optional()
						.describe('A vault folder; notes below it match too, e.g. "Projects".'),
					tag: labelField('A tag with or without "#"; a parent tag matches its nested tags.').optional(),
					since: isoDateField("Created at or after this date.").optional(),
					active_since: isoDateField("Last used (edited, recalled or opened) at or after this date.").optional(),
					during: z
						.string()
						.trim()
						.min(1)
						.max(LIMITS.labelChars)
						.optional()
						.describe(
							'A period: "March" (the latest March up to today), "summer" (northern hemisphere), "March 2024", "2024-03", "2024-03-14", "last week". The memory\'s event_date, a date in its text or the day it was stored falls in it.',
						),
				},
				"filters",
			)
				.default({})
				.describe("All optional; a memory must pass every filter given."),
			k: kField("How many memories to return (1–200, default 10).").default(10),
		},
		output: { query: z.string(), results: z.array(searchHitSchema) },
		annotations: { readOnlyHint: true, idempotentHint: true },
		run: (args, { memory }) => {
			const { status, category, folder, tag, since, active_since, during } = args.filters;
			const filters: SearchFilters = {};
			if (status !== undefined) filters.status = status;
			if (category !== undefined && category !== "") filters.category = category;
			if (folder !== undefined && folder.trim() !== "") filters.folder = folder.trim();
			if (tag !== undefined && tag !== "") filters.tag = tag;
			if (since !== undefined) filters.since = dateMs(since);
			if (active_since !== undefined) filters.activeSince = dateMs(active_since);
			if (during !== undefined) filters.during = during;
			const hits = memory.search(args.query, filters, args.k);
			return { query: args.query, results: hits.map(searchHitOut) };
		},
	});
}
