import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolContext } from "../memory-tool";
import { noteUri } from "../resources/memory-uris";
import { runRequest } from "../resources/resource-errors";

/** Clusters listed by the prompt; the texts of one of them follow. */
const LISTED_CLUSTERS = 5;

const clusterArg = z
	.string()
	.regex(/^[1-9]$/, { error: `must be a whole number from 1 to ${LISTED_CLUSTERS}` })
	.refine((value) => Number(value) <= LISTED_CLUSTERS, { error: `must be from 1 to ${LISTED_CLUSTERS}` })
	.optional()
	.describe(`Which of the listed clusters to load the texts of, 1–${LISTED_CLUSTERS} (default 1: the newest).`);

async function consolidatePrompt(context: ToolContext, chosen: number): Promise<GetPromptResult> {
	// Looking is not using: the prompt reads and lists, it changes nothing.
	const report = await context.memory.clusters({ k: LISTED_CLUSTERS });
	if (report.clusters.length === 0)
		return {
			description: "No clusters to consolidate",
			messages: [
				{
					role: "user",
					content: {
						type: "text",
						text: `No group of memories about the same thing was found among the ${report.compared} memories compared; there is nothing to consolidate now.`,
					},
				},
			],
		};
	const index = Math.min(chosen, report.clusters.length) - 1;
	const cluster = report.clusters[index];
	const list = report.clusters.map(
		(c, i) => `${i + 1}. ${c.label.join(", ") || "(no shared cue)"}: ${c.members.join(", ")} (${c.why.join("; ")})`,
	);
	const steps = [
		`Clusters of memories about the same thing, newest first (${report.total} found):`,
		"",
		...list,
		"",
		`The texts of cluster ${index + 1} follow. Consolidate it:`,
		"1. Read every member (below; memory_get gives one with its links). If they are not really about one thing, stop: leave them as they are.",
		"2. Write one summary that keeps every fact, decision, number, date and cause worth keeping, in your own words; leave out what repeats.",
		`3. Call memory_consolidate with ids ${JSON.stringify(cluster.members)}, your summary and a short title.`,
		"4. Tell the user the summary's node_id and that one undo restores the members as they were.",
		"Then call memory_clusters again for the next cluster, or stop.",
	];
	const members = await Promise.all(cluster.members.map((id) => context.memory.get(id, "members")));
	return {
		description: `${report.total} clusters; the texts of cluster ${index + 1}`,
		messages: [
			{ role: "user", content: { type: "text", text: steps.join("\n") } },
			...members.map((member) => ({
				role: "user" as const,
				content: {
					type: "resource" as const,
					resource: { uri: noteUri(member.path), mimeType: "text/markdown", text: member.content },
				},
			})),
		],
	};
}

/** The prompt that walks an agent through consolidation: clusters → read → write a summary → memory_consolidate. */
export function registerConsolidatePrompt(server: McpServer, context: ToolContext): void {
	server.registerPrompt(
		"consolidate",
		{
			title: "Consolidate memories about the same thing",
			description:
				"Lists the newest clusters of memories about the same thing and loads one cluster's texts, with the steps to write one summary and consolidate it (memory_consolidate).",
			argsSchema: { cluster: clusterArg },
		},
		(args) =>
			runRequest(
				"consolidate",
				() => consolidatePrompt(context, args.cluster === undefined ? 1 : Number(args.cluster)),
				context.onError,
			),
	);
}
