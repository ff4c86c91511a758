/**
 * The MCP notification a hook sends after it showed Claude memories (or saved a session note), so
 * the memory view can list what Claude was shown: `params` are `event`, `excerpt` (the prompt's
 * first characters) and `node_ids`.
 */
export const SHOWN_NOTIFICATION = "notifications/causal_memory/shown";

/** What the hooks report: the events that show memories, and "checkpoint" for a session note saved. */
export const SHOWN_EVENTS = ["SessionStart", "UserPromptSubmit", "checkpoint"] as const;

export type ShownEvent = (typeof SHOWN_EVENTS)[number];

/** Characters of the prompt kept with a report. */
export const SHOWN_EXCERPT_CHARS = 160;

/** Most memory ids in one report. */
export const SHOWN_MAX_IDS = 50;
