/** The Claude Code hook events `causal-memory hook` answers. */
const HOOK_EVENTS = ["SessionStart", "UserPromptSubmit", "PreCompact", "SessionEnd"] as const;

export type HookEvent = (typeof HOOK_EVENTS)[number];

/** The fields of a hook's stdin JSON that the hooks use (Claude Code sends more). */
export interface HookInput {
	event: HookEvent;
	sessionId: string;
	/** The session's transcript (JSONL); absent or unreadable is not an error. */
	transcriptPath?: string;
	cwd: string;
	/** UserPromptSubmit: what the user typed. */
	prompt?: string;
}

export function isHookEvent(name: string): name is HookEvent {
	return (HOOK_EVENTS as readonly string[]).includes(name);
}

/**
 * Reads a hook's stdin JSON for `event` (the event named on the command line wins over
 * `hook_event_name`, which must agree when present). Throws with the field at fault.
 */
export function parseHookInput(event: HookEvent, json: unknown): HookInput {
	if (typeof json !== "object" || json === null || Array.isArray(json))
		throw new Error("the hook input is not a JSON object");
	const input = json as Record<string, unknown>;
	const named = input.hook_event_name;
	if (named !== undefined && named !== event)
		throw new Error(`hook_event_name is ${JSON.stringify(named)} but the command was "hook ${event}"`);
	const sessionId = input.session_id;
	if (typeof sessionId !== "string" || sessionId.trim() === "") throw new Error("session_id is missing");
	const cwd = input.cwd;
	if (typeof cwd !== "string" || cwd === "") throw new Error("cwd is missing");
	const parsed: HookInput = { event, sessionId, cwd };
	if (typeof input.transcript_path === "string" && input.transcript_path !== "")
		parsed.transcriptPath = input.transcript_path;
	if (event === "UserPromptSubmit") {
		if (typeof input.prompt !== "string") throw new Error("prompt is missing");
		parsed.prompt = input.prompt;
	}
	return parsed;
}
