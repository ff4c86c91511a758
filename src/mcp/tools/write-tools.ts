import { z } from "zod";
import type { StoreResult } from "../../engine/writer/memory-writer";
import { type MemoryToolList, registerMemoryTool, type ToolContext } from "../memory-tool";
import {
	contentField,
	edgeTypeArg,
	edgeTypeField,
	edgeTypeOut,
	isoDateField,
	labelField,
	LIMITS,
	NODE_ID_HELP,
	nodeIdField,
	reasonField,
	round3,
	strictArgs,
} from "../tool-fields";

const storeOutput = {
	node_id: z
		.string()
		.describe("The new memory's vault path (for a duplicate, the existing memory's); pass it to other tools."),
	status: z.enum(["stored", "duplicate"]).describe('"duplicate": nothing was stored, see duplicate_of.'),
	duplicate_of: z
		.string()
		.optional()
		.describe(
			"An existing memory with the same or nearly the same words; store again with allow_duplicate: true only if a second copy is really meant.",
		),
	possible_conflicts: z
		.array(z.object({ node_id: z.string(), kind: z.enum(["numeric_mismatch", "negation"]), detail: z.string() }))
		.describe("Existing memories that may disagree with the new one: check them, then link with contradicts or amend."),
	auto_links: z
		.array(
			z.object({
				node_id: z.string(),
				type: z.literal("related_to"),
				score: z.number(),
				basis: z.enum(["embedding", "keyword"]),
			}),
		)
		.describe("Similar memories the new one was linked to (related_to)."),
};

function storeOut(result: StoreResult) {
	return {
		node_id: result.nodeId,
		status: result.status,
		...(result.duplicateOf === undefined ? {} : { duplicate_of: result.duplicateOf }),
		possible_conflicts: result.possibleConflicts.map((conflict) => ({
			node_id: conflict.id,
			kind: conflict.kind,
			detail: conflict.detail,
		})),
		auto_links: result.autoLinks.map((link) => ({
			node_id: link.target,
			type: link.type,
			score: round3(link.score),
			basis: link.basis,
		})),
	};
}

export function registerWriteTools(tools: MemoryToolList, context: ToolContext): void {
	registerMemoryTool(tools, context, {
		name: "memory_store",
		title: "Store a memory",
		description:
			"Saves a new memory as a note in the memory folder, with typed links to existing memories (related) and plain associations (related_to). " +
			"It is also linked to up to 3 similar memories (auto_links), and possible_conflicts lists memories that may state something different. " +
			"Store decisions, facts, preferences and events with their reasons; link a memory to its cause with caused_by. To correct a memory, use memory_amend instead. " +
			"Content that repeats an existing memory (same words, or nearly: same numbers and negations, at most a word or two changed) is not stored again: the answer names it in duplicate_of.",
		kind: "write",
		input: {
			content: contentField,
			title: labelField(
				"A short title; it becomes the note's file name. Default: the first line of the content.",
			).optional(),
			category: labelField(
				'A category such as "preference", "decision", "fact" (memory_category); categories can make memories core, see set_core_preferences.',
			).optional(),
			related: z
				.array(
					strictArgs(
						{ id: nodeIdField(`An existing memory. ${NODE_ID_HELP}`), type: edgeTypeField },
						"a related entry",
					),
				)
				.max(LIMITS.listEntries)
				.optional()
				.describe('Typed links from the new memory to existing ones, e.g. [{id: "Release 4.2", type: "caused_by"}].'),
			related_to: z
				.array(nodeIdField(NODE_ID_HELP))
				.max(LIMITS.listEntries)
				.optional()
				.describe("Existing memories the new one is associated with (related_to links)."),
			source_session: labelField(
				"An id of the conversation or session the memory comes from (memory_session).",
			).optional(),
			allow_duplicate: z
				.boolean()
				.default(false)
				.describe("true: store even when an existing memory has the same or nearly the same words."),
			tags: z
				.array(labelField('A tag with or without "#", e.g. "project/alpha".'))
				.max(LIMITS.listEntries)
				.optional()
				.describe("Tags of the note (its tags property); memory_search filters by tag."),
			event_date: isoDateField(
				'When the fact happened or will happen, if that differs from now (memory_event_date), e.g. "2024-05-02" for a decision taken then. The time it was stored is kept separately.',
			).optional(),
		},
		output: storeOutput,
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
		run: async (args, { memory }) => {
			const result = await memory.writer.store({
				content: args.content,
				...(args.title === undefined ? {} : { title: args.title }),
				...(args.category === undefined ? {} : { category: args.category }),
				...(args.related === undefined ? {} : { related: args.related }),
				...(args.related_to === undefined ? {} : { relatedTo: args.related_to }),
				...(args.source_session === undefined ? {} : { sourceSession: args.source_session }),
				allowDuplicate: args.allow_duplicate,
				...(args.tags === undefined ? {} : { tags: args.tags }),
				...(args.event_date === undefined ? {} : { eventDate: args.event_date }),
			});
			return storeOut(result);
		},
	});

	registerMemoryTool(tools, context, {
		name: "memory_amend",
		title: "Amend a memory",
		description:
			"Corrects or updates a memory: saves the new content as a new memory that supersedes the old one and keeps its typed links (caused_by, supports…). The old memory is kept (history is never rewritten) and recall ranks it below its replacement.",
		kind: "write",
		input: {
			node_id: nodeIdField(`The memory to amend. ${NODE_ID_HELP}`),
			content: contentField.describe("The corrected memory in full (at most 100 KB), not a diff."),
			reason: reasonField.optional().describe("Why it changed; kept in the new note (memory_amend_reason)."),
			title: labelField(
				'A title for the new memory (its file name). Default: the old title\'s next version, "Deploy freeze (v2)".',
			).optional(),
		},
		output: { ...storeOutput, supersedes: z.string().describe("The memory the new one replaces.") },
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
		run: async (args, { memory }) => {
			const result = await memory.writer.amend(
				args.node_id,
				args.content,
				args.reason,
				args.title === "" ? undefined : args.title,
			);
			return { ...storeOut(result), supersedes: result.supersedes };
		},
	});

	registerMemoryTool(tools, context, {
		name: "memory_link",
		title: "Link two memories",
		description:
			'Adds a typed link from source to target, written as a link list in the source note\'s frontmatter (e.g. caused_by: ["[[Target]]"]). ' +
			"Linking what is already linked changes nothing (created: false). Links keep memories alive: connected memories fade slower. " +
			"When two memories conflict: link the newer to the older with supersedes if it replaces it (or memory_amend the wrong one), then memory_unlink any contradicts link between them; link contradicts only while both may hold.",
		kind: "write",
		input: {
			source: nodeIdField(`The memory the link starts from. ${NODE_ID_HELP}`),
			target: nodeIdField(`The memory the link points to. ${NODE_ID_HELP}`),
			type: edgeTypeField,
			reason: reasonField.optional(),
		},
		output: {
			source: z.string(),
			target: z.string(),
			type: edgeTypeOut,
			created: z.boolean().describe("False when the link already existed."),
			reason: z.string().optional(),
		},
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
		run: async (args, { memory }) => {
			const link = await memory.writer.link(args.source, args.target, args.type, args.reason);
			return {
				source: link.source,
				target: link.target,
				type: link.type,
				created: link.created,
				...(link.reason === undefined ? {} : { reason: link.reason }),
			};
		},
	});

	registerMemoryTool(tools, context, {
		name: "memory_unlink",
		title: "Unlink two memories",
		description:
			"Removes a typed link from source to target that a frontmatter link list of the source states (as memory_link and memory_store write them, or auto_links). " +
			"A link written in the note's text is left alone: still_linked_by says where it remains. Unlinking what is not linked changes nothing (removed: 0). " +
			"To settle a contradiction, unlink contradicts and link supersedes from the memory that holds to the one that does not.",
		kind: "write",
		input: {
			source: nodeIdField(`The memory the link starts from. ${NODE_ID_HELP}`),
			target: nodeIdField(`The memory the link points to. ${NODE_ID_HELP}`),
			type: edgeTypeArg,
		},
		output: {
			source: z.string(),
			target: z.string(),
			type: edgeTypeOut,
			removed: z.number().int().describe("Link entries removed from the source's frontmatter."),
			still_linked_by: z
				.array(z.string())
				.describe(
					"Where the source still states this link (its text, an inline field, another property); empty when the link is gone.",
				),
		},
		annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
		run: async (args, { memory }) => {
			const result = await memory.writer.unlink(args.source, args.target, args.type);
			return {
				source: result.source,
				target: result.target,
				type: result.type,
				removed: result.removed,
				still_linked_by: result.stillLinkedBy,
			};
		},
	});

	registerMemoryTool(tools, context, {
		name: "delete_memory",
		title: "Delete a memory",
		description:
			"Moves a memory created through these tools to the trash (it can be restored from there). Notes the user wrote are never deleted: that is refused; unpin them or let them fade instead. " +
			"A pinned memory is refused unless confirm is true: the refusal says what the removal would orphan; ask the user first. The answer says what the removal orphaned.",
		kind: "write",
		input: {
			node_id: nodeIdField(`The memory to delete. ${NODE_ID_HELP}`),
			confirm: z
				.boolean()
				.default(false)
				.describe("true: delete even a pinned (core) memory, after the user agreed. Not needed for unpinned ones."),
		},
		output: {
			node_id: z.string(),
			deleted: z.literal(true),
			trashed_to: z.literal("trash"),
			orphaned: z
				.array(z.string())
				.describe("Memories left without a supporting link by the removal (at most 10 named)."),
			orphaned_count: z.number().int().describe("How many memories the removal orphaned in all."),
			impact: z.string().describe("The removal's effect in one sentence."),
		},
		annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
		run: async (args, { memory }) => {
			const result = await memory.writer.delete(args.node_id, args.confirm);
			return {
				node_id: result.nodeId,
				deleted: result.deleted,
				trashed_to: result.trashedTo,
				orphaned: result.orphaned,
				orphaned_count: result.orphanedCount,
				impact: result.impact,
			};
		},
	});
}
