import { z } from "zod";
import { DEFAULT_TRAVERSE_NODES } from "../../core/inspector/traverse";
import { type MemoryToolList, registerMemoryTool, type ToolContext } from "../memory-tool";
import {
	edgeTypeArg,
	edgeTypeOut,
	enumField,
	LIMITS,
	NODE_ID_HELP,
	nodeIdField,
	roundNumbers,
	statusField,
} from "../tool-fields";
import { explainOut, explainOutput } from "./explain-output";

export function registerGraphTools(tools: MemoryToolList, context: ToolContext): void {
	registerMemoryTool(tools, context, {
		name: "memory_traverse",
		title: "Traverse the memory graph",
		description:
			"Walks the typed links around a memory: every memory within `depth` hops, each with its status and distance, and every link between two of them (the induced subgraph). " +
			'Filter by edge types and direction to follow, e.g. edge_types ["caused_by"] with direction "out" for the chain of causes. Changes nothing.',
		kind: "read",
		input: {
			node_id: nodeIdField(`The memory to start from. ${NODE_ID_HELP}`),
			depth: z.number().int().min(1).max(LIMITS.maxDepth).default(2).describe("Hops to walk, 1–10 (default 2)."),
			edge_types: z
				.array(edgeTypeArg)
				.max(6)
				.optional()
				.describe("Follow and report only these link types; default all."),
			direction: enumField(["out", "in", "both"])
				.default("both")
				.describe(
					'"out" follows links from the memory to what it names, "in" the links pointing at it, "both" (default) either way.',
				),
			max_nodes: z
				.number()
				.int()
				.min(1)
				.max(DEFAULT_TRAVERSE_NODES)
				.default(DEFAULT_TRAVERSE_NODES)
				.describe(`Stop after this many memories (1–${DEFAULT_TRAVERSE_NODES}); the result then says truncated.`),
		},
		output: {
			start: z.string(),
			nodes: z.array(
				z.object({ node_id: z.string(), title: z.string(), status: statusField, depth: z.number().int() }),
			),
			edges: z.array(z.object({ source: z.string(), target: z.string(), type: edgeTypeOut })),
			truncated: z.boolean().describe("True when the walk stopped at the node or edge limit."),
		},
		annotations: { readOnlyHint: true, idempotentHint: true },
		run: (args, { memory }) => {
			const traversal = memory.traverse(args.node_id, "node_id", {
				depth: args.depth,
				direction: args.direction,
				maxNodes: args.max_nodes,
				...(args.edge_types ? { edgeTypes: args.edge_types } : {}),
			});
			return {
				start: traversal.start,
				nodes: traversal.nodes.map((node) => ({
					node_id: node.path,
					title: node.title,
					status: node.status,
					depth: node.depth,
				})),
				edges: traversal.edges,
				truncated: traversal.truncated,
			};
		},
	});

	registerMemoryTool(tools, context, {
		name: "memory_explain",
		title: "Explain a memory",
		description:
			"Why a memory stands where it does: its retention = relevance × connectivity × reactivation with the live value and inputs of each force and the formula filled in, " +
			"its status (active, dormant, fading, pruned, core) and why, its status history, its causes (upstream) and effects (downstream), its links in and out with where each is written, " +
			"and what removing it would cut off. Changes nothing.",
		kind: "read",
		input: {
			node_id: nodeIdField(`The memory to explain. ${NODE_ID_HELP}`),
			chain_depth: z
				.number()
				.int()
				.min(1)
				.max(LIMITS.maxDepth)
				.default(3)
				.describe("Hops of the upstream and downstream causal chains, 1–10 (default 3)."),
		},
		output: explainOutput,
		annotations: { readOnlyHint: true, idempotentHint: true },
		run: (args, { memory }) => roundNumbers(explainOut(memory.explain(args.node_id, "node_id", args.chain_depth))),
	});
}
