import { oneLine } from "./hook-context";

/** Characters of prompts kept in a session note (the issue's ~2 KB). */
export const CHECKPOINT_PROMPT_CHARS = 2000;
/** Characters of one prompt in a session note. */
const PROMPT_CHARS = 400;
/** Most memories one session note links to (derived_from). */
export const CHECKPOINT_LINKS = 50;

export interface CheckpointParts {
	sessionId: string;
	project: string;
	/** The session's day, YYYY-MM-DD. */
	day: string;
	prompts: readonly string[];
}

/** The session note's title (its file name): one per session, so the day, the project and the session's first 8 characters. */
export function checkpointTitle(parts: Pick<CheckpointParts, "sessionId" | "project" | "day">): string {
	const session = parts.sessionId.replace(/[^A-Za-z0-9-]/g, "").slice(0, 8);
	return `Claude Code session ${parts.day} ${parts.project} ${session}`.replace(/\s+/g, " ").trim();
}

/** One prompt as a session note keeps it: on one line, clipped (so the hooks' state need not hold it whole). */
export function clippedPrompt(prompt: string): string {
	return oneLine(prompt, PROMPT_CHARS);
}

/**
 * The prompts kept within `chars`: the first (it usually states the task), then the latest ones
 * that fit, each clipped, with a line saying how many were left out between them.
 */
export function keptPrompts(prompts: readonly string[], chars = CHECKPOINT_PROMPT_CHARS): string[] {
	const lines = prompts.map((prompt) => `- ${clippedPrompt(prompt)}`).filter((line) => line !== "- ");
	if (lines.length === 0) return [];
	const [first, ...rest] = lines as [string, ...string[]];
	let used = first.length;
	const latest: string[] = [];
	for (let i = rest.length - 1; i >= 0; i--) {
		const line = rest[i];
		if (used + 1 + line.length > chars) break;
		latest.unshift(line);
		used += 1 + line.length;
	}
	const skipped = rest.length - latest.length;
	return skipped === 0
		? [first, ...latest]
		: [first, `- (${skipped} more prompt${skipped === 1 ? "" : "s"} left out)`, ...latest];
}

/** The session note's text: what the session was about, then its prompts; the memories it used are its derived_from links. */
export function checkpointContent(parts: CheckpointParts): string {
	const prompts = keptPrompts(parts.prompts);
	return [
		`Claude Code session ${parts.sessionId} in ${parts.project}, ${parts.day}.`,
		"",
		"Prompts:",
		...(prompts.length === 0 ? ["- (none)"] : prompts),
		"",
		"The memories this session recalled or stored are its derived_from links (memory_traverse lists them).",
	].join("\n");
}

/** A tag naming the project: letters, digits, - and _ only, never all digits (Obsidian's tag rules). */
export function projectTag(project: string): string | null {
	const tag = project
		.toLowerCase()
		.replace(/[^\p{L}\p{N}_-]+/gu, "-")
		.replace(/^-+|-+$/g, "");
	if (tag === "" || /^\d+$/.test(tag)) return null;
	return tag.slice(0, 60);
}
