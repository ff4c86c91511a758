import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { VaultIndex } from "../index/vault-index";

/** Characters of note text kept at most (≈ 8 MB); the least recently used go first. */
const MAX_CHARS = 4_000_000;

/**
 * The texts of notes that store-time similarity reads, kept until the index reports a change of
 * the note or builds a new graph: consecutive stores compare with the same recent memories, and
 * reading them from disk on every store was most of a store's I/O.
 */
export class NoteTextCache {
	private readonly texts = new Map<string, string>();
	private chars = 0;
	/** Bumped on every change the index reports: a read that spans one is not kept. */
	private changes = 0;
	private graph: MemoryGraph;

	constructor(
		private readonly index: VaultIndex,
		private readonly readNote: (path: string) => Promise<string>,
	) {
		this.graph = index.graph;
		index.onChange((change) => {
			this.changes++;
			this.drop(change.path);
			if (change.type === "rename") this.drop(change.oldPath);
		});
	}

	async read(path: string): Promise<string> {
		this.followRebuild();
		const cached = this.texts.get(path);
		if (cached !== undefined) {
			this.texts.delete(path);
			this.texts.set(path, cached);
			return cached;
		}
		const changes = this.changes;
		const text = await this.readNote(path);
		if (changes === this.changes && this.index.graph === this.graph) this.keep(path, text);
		return text;
	}

	/**
	 * The text the writer just wrote and the index applied: the next stores compare with the
	 * memory before theirs, and reading it back from disk was one file read on every store.
	 */
	written(path: string, text: string): void {
		this.followRebuild();
		this.drop(path);
		this.keep(path, text);
	}

	/** Texts kept for an older graph may be stale: a rebuild read the vault again. */
	private followRebuild(): void {
		if (this.index.graph === this.graph) return;
		this.graph = this.index.graph;
		this.texts.clear();
		this.chars = 0;
	}

	private keep(path: string, text: string): void {
		if (text.length > MAX_CHARS / 100) return;
		this.texts.set(path, text);
		this.chars += text.length;
		for (const [oldest, old] of this.texts) {
			if (this.chars <= MAX_CHARS) break;
			this.texts.delete(oldest);
			this.chars -= old.length;
		}
	}

	private drop(path: string): void {
		const text = this.texts.get(path);
		if (text === undefined) return;
		this.texts.delete(path);
		this.chars -= text.length;
	}
}
