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

/** Injected context and the memories it names: only those count as shown (reports, checkpoint links). */
export interface HookContext {
	text: string;
	shown: ShownMemory[];
}

/** Takes memories in order while their lines and `head` stay within `chars`. */
function fitting(head: string, memories: readonly ShownMemory[], chars: number): ShownMemory[] {
	const kept: ShownMemory[] = [];
	let used = head.length;
	for (const memory of memories) {
		const line = memoryLine(memory);
		if (used + 1 + line.length > chars) break;
		kept.push(memory);
		used += 1 + line.length;
	}
	return kept;
}

/** The context shown before a prompt, or null when no memory is worth it. */
export function promptContext(memories: readonly ShownMemory[], chars = PROMPT_CONTEXT_CHARS): HookContext | null {
	const head =
		"Causal Memory found memories that may bear on this prompt (shown automatically, read-only; memory_get opens one by its id):";
	const shown = fitting(head, memories, chars);
	return shown.length === 0 ? null : { text: [head, ...shown.map(memoryLine)].join("\n"), shown };
}

export interface SessionStartParts {
	project: string;
	core: readonly ShownMemory[];
	relevant: readonly ShownMemory[];
}

const SESSION_ADVICE =
	"Memory tools: memory_recall before answering about past work, decisions or preferences; memory_store what is worth keeping, linked to its cause (caused_by); memory_amend to correct; memory_link to relate.";

/** The context shown at session start: core memories, then the ones most relevant to the project, within `chars`. */
export function sessionStartContext(parts: SessionStartParts, chars = SESSION_START_CONTEXT_CHARS): HookContext {
	const head = `Causal Memory: the user's long-term memory (an Obsidian vault) is connected. ${SESSION_ADVICE}`;
	const sections: string[] = [head];
	const shown: ShownMemory[] = [];
	let used = head.length;
	const add = (title: string, memories: readonly ShownMemory[]): void => {
		const kept = fitting(`${title}\n`, memories, chars - used - 2);
		if (kept.length === 0) return;
		const section = [title, ...kept.map(memoryLine)].join("\n");
		sections.push(section);
		shown.push(...kept);
		used += 2 + section.length;
	};
	add("Core memories (always kept):", parts.core);
	add(`Memories most relevant to ${parts.project}:`, parts.relevant);
	return { text: sections.join("\n\n"), shown };
}
