import type { RecalledMemory } from "./recall-gate";

/** A memory named in injected context: its id and a line of its text. */
export interface ShownMemory {
	id: string;
	text: string;
}

/** Most characters of context before one prompt (the budget: 1.5 KB). */
export const PROMPT_CONTEXT_CHARS = 1500;
/** Most characters of context at session start (~2 KB). */
export const SESSION_START_CONTEXT_CHARS = 2000;
/** Characters of one memory's text in injected context. */
const LINE_CHARS = 280;

/** Whitespace collapsed, clipped to `chars` with an ellipsis. */
export function oneLine(text: string, chars: number): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length <= chars ? flat : `${flat.slice(0, chars - 1).trimEnd()}…`;
}

export function shownMemory(hit: RecalledMemory): ShownMemory {
	return { id: hit.node_id, text: hit.snippet ?? "" };
}

function memoryLine(memory: ShownMemory): string {
	const text = oneLine(memory.text, LINE_CHARS);
	return text === "" ? `- ${memory.id}` : `- ${memory.id}: ${text}`;
}

/** Adds lines while the total stays within `chars`; returns the lines that fit. */
function fitting(head: string, lines: readonly string[], chars: number): string[] {
	const kept: string[] = [];
	let used = head.length;
	for (const line of lines) {
		if (used + 1 + line.length > chars) break;
		kept.push(line);
		used += 1 + line.length;
	}
	return kept;
}

/** The context shown before a prompt, or null when no memory is worth it. */
export function promptContext(memories: readonly ShownMemory[], chars = PROMPT_CONTEXT_CHARS): string | null {
	if (memories.length === 0) return null;
	const head =
		"Causal Memory found memories that may bear on this prompt (shown automatically, read-only; memory_get opens one by its id):";
	const lines = fitting(head, memories.map(memoryLine), chars);
	return lines.length === 0 ? null : [head, ...lines].join("\n");
}

export interface SessionStartParts {
	project: string;
	core: readonly ShownMemory[];
	relevant: readonly ShownMemory[];
}

const SESSION_ADVICE =
	"Memory tools: memory_recall before answering about past work, decisions or preferences; memory_store what is worth keeping, linked to its cause (caused_by); memory_amend to correct; memory_link to relate.";

/** The context shown at session start: core memories, then the ones most relevant to the project, within `chars`. */
export function sessionStartContext(parts: SessionStartParts, chars = SESSION_START_CONTEXT_CHARS): string {
	const head = `Causal Memory: the user's long-term memory (an Obsidian vault) is connected. ${SESSION_ADVICE}`;
	const sections: string[] = [head];
	let used = head.length;
	const add = (title: string, memories: readonly ShownMemory[]): void => {
		if (memories.length === 0) return;
		const lines = fitting(`${title}\n`, memories.map(memoryLine), chars - used - 2);
		if (lines.length === 0) return;
		const section = [title, ...lines].join("\n");
		sections.push(section);
		used += 2 + section.length;
	};
	add("Core memories (always kept):", parts.core);
	add(`Memories most relevant to ${parts.project}:`, parts.relevant);
	return sections.join("\n\n");
}
