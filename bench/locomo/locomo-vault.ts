import type { LoadedNote, VaultFile, VaultPort } from "../../src/core/model/vault";
import { parseNote } from "../../src/core/parse/parse-note";
import type { LocomoConversation, LocomoTurn } from "./locomo-data";

/** Every note gets this time: the benchmark measures query relevance, not recency. */
const NOTE_TIME = Date.UTC(2024, 0, 1);

/**
 * `D3:12` → `turns/D3t12.md`. A colon is not allowed in file names, and the name is indexed as
 * the note's title: "D3t12" is one search term that no question contains, where "D3-12" would
 * give the terms "3" and "12" and match dates and numbers in questions.
 */
export function turnPath(diaId: string): string {
	return `turns/${diaId.replace(":", "t")}.md`;
}

/** `turns/D3t12.md` → `D3:12`. */
export function diaIdOf(path: string): string {
	const match = /^turns\/D(\d+)t(\d+)\.md$/.exec(path);
	if (!match) throw new Error(`${path} is not a turn note`);
	return `D${match[1]}:${match[2]}`;
}

/**
 * One memory note per dialogue turn: `(<session date>) <speaker>: <text>`, then the shared
 * image's caption if there is one. Consecutive turns of a session are linked by a
 * `follows: "[[previous turn]]"` property: a link-valued property that `edgeKeys` does not
 * map becomes a related_to edge, and unlike a body link it adds no words to the note's text.
 */
function turnNote(turn: LocomoTurn, date: string, previous: LocomoTurn | undefined): string {
	const frontmatter = previous ? `---\nfollows: "[[${noteName(previous.diaId)}]]"\n---\n` : "";
	const caption = turn.caption ? `\n[image: ${turn.caption}]` : "";
	return `${frontmatter}(${date}) ${turn.speaker}: ${turn.text}${caption}\n`;
}

function noteName(diaId: string): string {
	return turnPath(diaId).slice("turns/".length, -".md".length);
}

export function conversationNotes(conversation: LocomoConversation): Map<string, string> {
	const notes = new Map<string, string>();
	for (const session of conversation.sessions) {
		session.turns.forEach((turn, i) =>
			notes.set(turnPath(turn.diaId), turnNote(turn, session.date, session.turns[i - 1])),
		);
	}
	return notes;
}

/** A read-only in-memory vault: enough for VaultIndex to index it; every write is refused. */
export class StaticVault implements VaultPort {
	constructor(private readonly notes: ReadonlyMap<string, string>) {}

	list(): Promise<VaultFile[]> {
		return Promise.resolve([...this.notes.keys()].map((path) => this.fileOf(path)));
	}

	read(path: string): Promise<string> {
		const content = this.notes.get(path);
		return content === undefined ? Promise.reject(new Error(`no note ${path}`)) : Promise.resolve(content);
	}

	stat(path: string): Promise<VaultFile | null> {
		return Promise.resolve(this.notes.has(path) ? this.fileOf(path) : null);
	}

	load(path: string): Promise<LoadedNote | null> {
		const content = this.notes.get(path);
		if (content === undefined) return Promise.resolve(null);
		return Promise.resolve({ file: this.fileOf(path), content, parsed: parseNote(content) });
	}

	watch(): () => void {
		return () => undefined;
	}

	writeFrontmatter(): Promise<VaultFile | null> {
		return this.refuse();
	}

	createNote(): Promise<VaultFile> {
		return this.refuse();
	}

	moveNote(): Promise<void> {
		return this.refuse();
	}

	removeNote(): Promise<string | null> {
		return this.refuse();
	}

	private refuse(): Promise<never> {
		return Promise.reject(new Error("the benchmark vault is read-only: recall must not write (read_only)"));
	}

	private fileOf(path: string): VaultFile {
		return { path, mtime: NOTE_TIME, ctime: NOTE_TIME, size: this.notes.get(path)?.length ?? 0 };
	}
}
