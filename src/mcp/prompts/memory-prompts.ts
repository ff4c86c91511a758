import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolContext } from "../memory-tool";
import { noteUri } from "../resources/memory-uris";
import { runRequest } from "../resources/resource-errors";
import { LIMITS, round3 } from "../tool-fields";
import { boundedHit, MAX_LISTED_NEIGHBOURS } from "../../core/recall/recall-hits";

const DEFAULT_MEMORIES = 5;
const MAX_MEMORIES = 20;

/** How many memories, from the prompt argument (prompt arguments are strings). */
const countArg = z
	.string()
	.regex(/^\d+$/, { error: `must be a whole number from 1 to ${MAX_MEMORIES}` })
	.refine((value) => Number(value) >= 1 && Number(value) <= MAX_MEMORIES, {
		error: `must be from 1 to ${MAX_MEMORIES}`,
	})
	.optional()
	.describe(`How many memories to load, 1–${MAX_MEMORIES} (default ${DEFAULT_MEMORIES}).`);

async function recallForTask(context: ToolContext, task: string, k: number): Promise<GetPromptResult> {
	// Looking is not using: a client may fetch a prompt to preview it, so nothing is reactivated.
	const result = await context.memory.recall(task, {
		limit: k,
		verbosity: "full",
		readOnly: true,
	});
	const list = result.results.map(boundedHit).map((hit, i) => {
		const more =
			hit.supersededByTotal === undefined ? "" : ` and ${hit.supersededByTotal - MAX_LISTED_NEIGHBOURS} more`;
		const superseded = hit.supersededBy ? `, superseded by ${hit.supersededBy.join(", ")}${more}` : "";
		return `${i + 1}. ${hit.path} (relevance ${round3(hit.relevance)}${superseded})`;
	});
	const intro =
		result.results.length === 0
			? `No stored memory matches this task:\n\n${task}\n\nWork from what you are told; store what is worth keeping with memory_store.`
			: `Memories that may bear on this task:\n\n${task}\n\n${list.join("\n")}\n\nTheir texts follow. Prefer a memory over what it supersedes; ` +
				"memory_get reads one in full with its links, memory_recall finds more. Store new decisions and their causes with memory_store.";
	return {
		description: `${result.results.length} memories for the task`,
		messages: [
			{ role: "user", content: { type: "text", text: intro } },
			...result.results.map((hit) => ({
				role: "user" as const,
				content: {
					type: "resource" as const,
					resource: { uri: noteUri(hit.path), mimeType: "text/markdown", text: hit.content ?? hit.snippet ?? "" },
				},
			})),
		],
	};
}

/** Prompts: load the memories relevant to a task into the conversation. */
export function registerMemoryPrompts(server: McpServer, context: ToolContext): void {
	server.registerPrompt(
		"recall-for-task",
		{
			title: "Recall memories for a task",
			description:
				"Loads the stored memories most relevant to a task (their full texts, best first) so the conversation starts from what was decided and learnt before.",
			argsSchema: {
				task: z.string().trim().min(1).max(LIMITS.queryChars).describe("The task or question, in natural language."),
				k: countArg,
			},
		},
		(args) =>
			runRequest(
				"recall-for-task",
				() => recallForTask(context, args.task, args.k === undefined ? DEFAULT_MEMORIES : Number(args.k)),
				context.onError,
			),
	);
}
