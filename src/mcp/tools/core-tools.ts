import { z } from "zod";
import type { PinResult } from "../../engine/writer/memory-writer";
import { type MemoryToolList, registerMemoryTool, type ToolContext } from "../memory-tool";
import { isoTimeOrNull, labelField, LIMITS, NODE_ID_HELP, nodeIdField, statusField } from "../tool-fields";

const pinOutput = {
	node_id: z.string(),
	pinned: z.boolean(),
	status: statusField.describe("The memory's status now: core while pinned."),
};

const pinOut = (result: PinResult) => ({ node_id: result.nodeId, pinned: result.pinned, status: result.status });

const categoryList = (description: string) =>
	z.array(z.string().trim().min(1).max(LIMITS.labelChars)).max(LIMITS.listEntries).optional().describe(description);

export function registerCoreTools(tools: MemoryToolList, context: ToolContext): void {
	registerMemoryTool(tools, context, {
		name: "pin_memory",
		title: "Pin a memory",
		description:
			"Pins a memory (memory_pinned: true in its note): it becomes core, never fades and is favoured in recall. Pinning a pinned memory changes nothing.",
		kind: "write",
		input: { node_id: nodeIdField(`The memory to pin. ${NODE_ID_HELP}`) },
		output: pinOutput,
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
		run: async (args, { memory }) => pinOut(await memory.writer.pin(args.node_id)),
	});

	registerMemoryTool(tools, context, {
		name: "unpin_memory",
		title: "Unpin a memory",
		description:
			"Removes a memory's pin: it is active again and ages like any other memory (pin_memory restores it). Unpinning an unpinned memory changes nothing.",
		kind: "write",
		input: { node_id: nodeIdField(`The memory to unpin. ${NODE_ID_HELP}`) },
		output: pinOutput,
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
		run: async (args, { memory }) => pinOut(await memory.writer.unpin(args.node_id)),
	});

	registerMemoryTool(tools, context, {
		name: "list_core_memories",
		title: "List core memories",
		description:
			"Lists the core memories (pinned or promoted: the ones that never fade), each with its category and why it is core. Optionally only one category. Changes nothing.",
		kind: "read",
		input: { category: labelField("Only memories of this memory_category (case-insensitive).").optional() },
		output: {
			category: z.string().nullable(),
			memories: z.array(
				z.object({
					node_id: z.string(),
					title: z.string(),
					category: z.string().nullable(),
					pinned: z.boolean(),
					why: z.string(),
					since: z.string().nullable().describe("When it became core, if that was logged."),
				}),
			),
		},
		annotations: { readOnlyHint: true, idempotentHint: true },
		run: (args, { memory: readable }) => {
			const category = args.category === undefined || args.category === "" ? null : args.category;
			const memories = readable.listCore(category ?? undefined).map((memory) => ({
				node_id: memory.path,
				title: memory.title,
				category: memory.category,
				pinned: memory.pinned,
				why: memory.why,
				since: isoTimeOrNull(memory.since),
			}));
			return { category, memories };
		},
	});

	registerMemoryTool(tools, context, {
		name: "set_core_preferences",
		title: "Set core memory preferences",
		description:
			"Sets which memory categories (memory_category) become core: auto (promoted at the next maintenance pass), approval (proposed to the user, who decides), excluded (never promoted automatically; pinning still works). " +
			"Each list given replaces the current one; a list left out is kept. A category may be in one list only. Returns the lists now in force.",
		kind: "write",
		input: {
			auto: categoryList("Categories promoted to core automatically."),
			approval: categoryList("Categories proposed to the user for core."),
			excluded: categoryList("Categories never promoted automatically."),
		},
		output: { auto: z.array(z.string()), approval: z.array(z.string()), excluded: z.array(z.string()) },
		annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
		run: async (args, { memory }) => {
			const change: { auto?: string[]; approval?: string[]; excluded?: string[] } = {};
			if (args.auto) change.auto = args.auto;
			if (args.approval) change.approval = args.approval;
			if (args.excluded) change.excluded = args.excluded;
			const preferences = await memory.writer.setCorePreferences(change);
			return { auto: preferences.auto, approval: preferences.approval, excluded: preferences.excluded };
		},
	});
}
