import { z } from "zod";
import { edgePhrase } from "../../core/graph/edge-phrases";
import type { MemoryRecord } from "../../engine/inspector/memory-reader";
import { type MemoryToolList, registerMemoryTool, type ToolContext } from "../memory-tool";
import { edgeTypeOut, isoTime, NODE_ID_HELP, nodeIdField, statusField } from "../tool-fields";

/** Links listed per memory: a hub has thousands; links_total counts them all. */
const LISTED_LINKS = 100;

const memoryOutput = {
	node_id: z.string(),
	title: z.string(),
	status: statusField,
	pinned: z.boolean(),
	tags: z.array(z.string()),
	modified: z.string(),
	properties: z
		.record(z.string(), z.unknown())
		.describe("The note's frontmatter as written (memory_* keys, typed link lists, the user's own properties)."),
	content: z.string().describe("The note's text without its frontmatter."),
	links: z
		.array(
			z.object({
				node_id: z.string(),
				type: edgeTypeOut,
				direction: z
					.enum(["out", "in"])
					.describe('"out": this memory states the link (it is the source); "in": the other one does.'),
				relation: z
					.string()
					.describe(
						'The link in words, read "<this memory> <relation> <node_id>", e.g. "caused by", "led to", "superseded by".',
					),
			}),
		)
		.describe(`Typed links to and from memories you may read, outgoing first, at most ${LISTED_LINKS}.`),
	links_total: z.number().int(),
};

function memoryOut(record: MemoryRecord): z.input<z.ZodObject<typeof memoryOutput>> {
	return {
		node_id: record.path,
		title: record.title,
		status: record.status,
		pinned: record.pinned,
		tags: record.tags,
		modified: isoTime(record.modified),
		properties: record.properties,
		content: record.content,
		links: record.links.slice(0, LISTED_LINKS).map((link) => ({
			node_id: link.path,
			type: link.type,
			direction: link.side,
			relation: edgePhrase(link.type, link.side),
		})),
		links_total: record.links.length,
	};
}

export function registerGetTools(tools: MemoryToolList, context: ToolContext): void {
	registerMemoryTool(tools, context, {
		name: "memory_get",
		title: "Read a memory",
		description:
			'Returns one memory in full: its text, its properties (frontmatter), tags, status and its typed links in and out, each in words ("caused by", "led to"…). ' +
			"Use it to read a memory that recall or search found. Changes nothing.",
		kind: "read",
		input: { node_id: nodeIdField(`The memory to read. ${NODE_ID_HELP}`) },
		output: memoryOutput,
		annotations: { readOnlyHint: true, idempotentHint: true },
		run: async (args, { memory }) => memoryOut(await memory.get(args.node_id, "node_id")),
	});
}
