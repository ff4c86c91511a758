/** What a session's transcript says about its use of memory. */
export interface SessionUse {
	/** The user's prompts, in order (commands, tool results and injected context left out). */
	prompts: string[];
	/** Memories the session's own memory tool calls recalled, opened, stored or amended, first use first. */
	memoryIds: string[];
}

/** Tools whose answers name memories the session used (a listing such as memory_search is not a use). */
const USING_TOOLS = new Set(["memory_recall", "memory_get", "memory_store", "memory_amend"]);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** `mcp__<server>__memory_recall` → `memory_recall` when the server is this one (its name holds "causal"). */
function memoryToolOf(name: unknown): string | null {
	if (typeof name !== "string" || !name.startsWith("mcp__")) return null;
	const parts = name.split("__");
	const tool = parts[parts.length - 1] ?? "";
	const server = parts.slice(1, -1).join("__").toLowerCase();
	return server.includes("causal") && USING_TOOLS.has(tool) ? tool : null;
}

function promptText(content: unknown): string | null {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return null;
	if (content.some((block) => isObject(block) && block.type === "tool_result")) return null;
	const texts = textsOf(content);
	return texts.length === 0 ? null : texts.join("\n");
}

/** Text Claude Code writes as a user message that the user did not type (slash commands, their output, hook output). */
function isGenerated(text: string): boolean {
	const start = text.trimStart();
	return start === "" || /^<(command-|local-command-|bash-|user-prompt-submit-hook|system-reminder)/.test(start);
}

function resultText(content: unknown): string {
	if (typeof content === "string") return content;
	return Array.isArray(content) ? textsOf(content).join("\n") : "";
}

function textsOf(blocks: readonly unknown[]): string[] {
	const texts: string[] = [];
	for (const block of blocks)
		if (isObject(block) && block.type === "text" && typeof block.text === "string") texts.push(block.text);
	return texts;
}

/** The node_ids a memory tool's JSON answer names: its own, and those of its results. */
function idsInAnswer(text: string): string[] {
	let answer: unknown;
	try {
		answer = JSON.parse(text);
	} catch {
		return [];
	}
	if (!isObject(answer)) return [];
	const ids: string[] = [];
	if (typeof answer.node_id === "string") ids.push(answer.node_id);
	if (Array.isArray(answer.results))
		for (const hit of answer.results) if (isObject(hit) && typeof hit.node_id === "string") ids.push(hit.node_id);
	return ids;
}

/**
 * Reads a Claude Code transcript (JSON Lines: one message per line). Lines that are not JSON or
 * not messages are skipped: a transcript being written may end in half a line.
 */
export function readSessionUse(jsonl: string): SessionUse {
	const prompts: string[] = [];
	const ids = new Set<string>();
	const memoryCalls = new Set<string>();
	for (const line of jsonl.split("\n")) {
		if (line.trim() === "") continue;
		let entry: unknown;
		try {
			entry = JSON.parse(line);
		} catch {
			continue;
		}
		if (!isObject(entry) || !isObject(entry.message)) continue;
		const content = entry.message.content;
		if (entry.type === "assistant" && Array.isArray(content)) {
			for (const block of content)
				if (isObject(block) && block.type === "tool_use" && memoryToolOf(block.name) !== null)
					memoryCalls.add(String(block.id));
			continue;
		}
		if (entry.type !== "user") continue;
		if (Array.isArray(content))
			for (const block of content)
				if (
					isObject(block) &&
					block.type === "tool_result" &&
					memoryCalls.has(String(block.tool_use_id)) &&
					block.is_error !== true
				)
					for (const id of idsInAnswer(resultText(block.content))) ids.add(id);
		if (entry.isMeta === true) continue;
		const text = promptText(content);
		if (text !== null && !isGenerated(text)) prompts.push(text.trim());
	}
	return { prompts, memoryIds: [...ids] };
}
