import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolContext } from "../memory-tool";
import { registerHookSettingsResource } from "./hook-settings-resource";
import { CORE_MEMORIES_URI, idFromUri, NOTE_URI_TEMPLATE, noteUri } from "./memory-uris";
import { runRequest } from "./resource-errors";

/** Core memories listed in the resource, and characters of each one's text: enough for context, bounded for a client that attaches it whole. */
const CORE_LISTED = 100;
const CORE_TEXT_CHARS = 2000;

function clipped(text: string, chars: number): string {
	const trimmed = text.trim();
	return trimmed.length <= chars ? trimmed : `${trimmed.slice(0, chars).trimEnd()}…`;
}

/** The core memories the client may read as one Markdown document: title, id, category, why core, then the text. */
async function coreMemoriesMarkdown(context: ToolContext): Promise<string> {
	const core = context.memory.listCore();
	const sections: string[] = [];
	for (const memory of core.slice(0, CORE_LISTED)) {
		const record = await context.memory.get(memory.path, "node_id");
		const facts = [
			`node_id: ${memory.path}`,
			memory.category === null ? null : `category: ${memory.category}`,
			`core: ${memory.why}`,
		].filter((fact) => fact !== null);
		sections.push(`## ${memory.title}\n\n${facts.join(" · ")}\n\n${clipped(record.content, CORE_TEXT_CHARS)}`);
	}
	const more =
		core.length > CORE_LISTED
			? `\n\n${core.length - CORE_LISTED} more core memories: list_core_memories lists them all.`
			: "";
	const body = sections.length === 0 ? "No core memories yet: pin_memory makes a memory core." : sections.join("\n\n");
	return `# Core memories\n\n${body}${more}\n`;
}

/** Resources: the core memories as one document, and any readable note by id. */
export function registerMemoryResources(server: McpServer, context: ToolContext): void {
	server.registerResource(
		"core-memories",
		CORE_MEMORIES_URI,
		{
			title: "Core memories",
			description:
				"The memories that never fade (pinned or promoted), each with its text: attach it to give an agent the standing facts and preferences.",
			mimeType: "text/markdown",
		},
		(uri) =>
			runRequest(
				"reading the core memories",
				async () => ({
					contents: [{ uri: uri.href, mimeType: "text/markdown", text: await coreMemoriesMarkdown(context) }],
				}),
				context.onError,
			),
	);

	server.registerResource(
		"memory-note",
		new ResourceTemplate(NOTE_URI_TEMPLATE, { list: undefined }),
		{
			title: "A memory by id",
			description: `One note as written (frontmatter and text), e.g. ${noteUri("Memory/Deploy freeze.md")}; the id is a node_id from the memory tools, its path segments percent-encoded.`,
			mimeType: "text/markdown",
		},
		(uri, variables) =>
			runRequest(
				"reading a memory",
				async () => {
					const record = await context.memory.get(idFromUri(variables.node_id), "node_id");
					return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: record.file }] };
				},
				context.onError,
			),
	);

	registerHookSettingsResource(server, context);
}
