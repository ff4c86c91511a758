import type { VaultIndex } from "../index/vault-index";

/**
 * Characters kept at most, texts and derived values (≈ 32 MB); the least recently used go first.
 * A store of 10,000 short memories keeps all of them: evicting candidates made stores read them
 * back from disk (at 10,000, 114 instead of 206 stores/s).
 */
const MAX_CHARS = 16_000_000;
/**
 * What a derived value counts for against MAX_CHARS, in characters of its text: term sets, word
 * counts and sentence profiles hold about as many strings as the text has words.
 */
const DERIVED_CHARS_PER_CHAR = 1;

interface Kept {
	text: string;
	/** What the entry counts for against MAX_CHARS: its text and its derived values. */
	chars: number;
	/** Values computed from the text (its content terms, what it states), by what was computed. */
	derived?: Map<object, unknown>;
}

/**
 * The texts of notes that store-time similarity reads, kept until the index reports a change of
 * the note or completes a full index (a rebuild): consecutive stores compare with the same recent memories, and
 * reading them from disk on every store was most of a store's I/O. What similarity computes from
 * a text (its terms, what it states) is kept with it, so a store tokenizes only the notes it has not seen.
 */
export class NoteTextCache {
	private readonly texts = new Map<string, Kept>();
	private chars = 0;
	/** Bumped on every change the index reports: a read that spans one is not kept. */
	private changes = 0;
	private builds: number;

	constructor(
		private readonly index: VaultIndex,
		private readonly readNote: (path: string) => Promise<string>,
	) {
		this.builds = index.builds;
		index.onChange((change) => {
			this.changes++;
			this.drop(change.path);
			if (change.type === "rename") this.drop(change.oldPath);
		});
	}

	async read(path: string): Promise<string> {
		return (await this.entry(path)).text;
	}

	/**
	 * `compute(text)` of the note's text, computed once while the text is kept; `kind` names
	 * what is computed (another kind, e.g. after a settings change, computes again). Kinds are
	 * few and fixed (functions), so an entry holds one value of each.
	 */
	async derived<T>(path: string, kind: object, compute: (text: string) => T): Promise<T> {
		const entry = await this.entry(path);
		entry.derived ??= new Map();
		if (entry.derived.has(kind)) return entry.derived.get(kind) as T;
		const value = compute(entry.text);
		entry.derived.set(kind, value);
		if (this.texts.get(path) === entry) {
			const added = entry.text.length * DERIVED_CHARS_PER_CHAR;
			entry.chars += added;
			this.chars += added;
			this.evict();
		}
		return value;
	}

	/**
	 * The text the writer just wrote and the index applied: the next stores compare with the
	 * memory before theirs, and reading it back from disk was one file read on every store.
	 */
	written(path: string, text: string): void {
		this.followRebuild();
		this.drop(path);
		this.keep(path, { text, chars: text.length });
	}

	private async entry(path: string): Promise<Kept> {
		this.followRebuild();
		const cached = this.texts.get(path);
		if (cached !== undefined) {
			this.texts.delete(path);
			this.texts.set(path, cached);
			return cached;
		}
		const changes = this.changes;
		const text = await this.readNote(path);
		const entry = { text, chars: text.length };
		if (changes === this.changes && this.index.builds === this.builds) this.keep(path, entry);
		return entry;
	}

	/** Texts kept before a rebuild may be stale: it read the vault again. */
	private followRebuild(): void {
		if (this.index.builds === this.builds) return;
		this.builds = this.index.builds;
		this.texts.clear();
		this.chars = 0;
	}

	private keep(path: string, entry: Kept): void {
		if (entry.text.length > MAX_CHARS / 100) return;
		this.texts.set(path, entry);
		this.chars += entry.chars;
		this.evict();
	}

	/** Drops the least recently used entries until the kept ones fit in MAX_CHARS. */
	private evict(): void {
		for (const [oldest, old] of this.texts) {
			if (this.chars <= MAX_CHARS) break;
			this.texts.delete(oldest);
			this.chars -= old.chars;
		}
	}

	private drop(path: string): void {
		const entry = this.texts.get(path);
		if (entry === undefined) return;
		this.texts.delete(path);
		this.chars -= entry.chars;
	}
}
