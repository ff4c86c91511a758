import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { SHOWN_EVENTS, SHOWN_EXCERPT_CHARS, SHOWN_MAX_IDS, SHOWN_NOTIFICATION } from "../core/hooks/shown-notification";
import type { ToolContext } from "./memory-tool";
import { LIMITS } from "./tool-fields";

const ShownNotificationSchema = z.object({
	method: z.literal(SHOWN_NOTIFICATION),
	params: z.object({
		event: z.enum(SHOWN_EVENTS),
		excerpt: z
			.string()
			.max(SHOWN_EXCERPT_CHARS * 4)
			.default(""),
		node_ids: z.array(z.string().max(LIMITS.idChars)).max(SHOWN_MAX_IDS),
	}),
});

/**
 * Listens for the hooks' reports of what they showed Claude (src/core/hooks/shown-notification.ts)
 * and keeps them for the memory view. A malformed report is dropped by the SDK; a notification
 * has no answer either way.
 */
export function acceptHookReports(server: McpServer, context: ToolContext, now: () => number): void {
	server.server.setNotificationHandler(ShownNotificationSchema, (notification) => {
		const { event, excerpt, node_ids } = notification.params;
		context.memory.recordAutomaticRecall({
			at: now(),
			event,
			excerpt: excerpt.replace(/\s+/g, " ").trim().slice(0, SHOWN_EXCERPT_CHARS),
			ids: node_ids,
		});
	});
}
