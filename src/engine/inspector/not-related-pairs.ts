import type { StoragePort } from "../../core/model/storage-port";

/** One JSON line per pair the user marked "not related", appended: `["A.md","B.md"]`. */
export const NOT_RELATED_FILE = "not-related.jsonl";

/** The pairs of memories the user marked "not related": never suggested again, in either direction. */
export class NotRelatedPairs {
	private pairs: Set<string> | null = null;
	private loading: Promise<Set<string>> | null = null;

	constructor(
		private readonly storage: StoragePort,
		private readonly warn: (message: string) => void,
	) {}

	/** The pairs as a lookup, read from storage once. */
	async load(): Promise<(a: string, b: string) => boolean> {
		const pairs = await this.read();
		return (a, b) => pairs.has(key(a, b));
	}

	/** Remembers the pair (durably: resolves once it is appended to the file). */
	async add(a: string, b: string): Promise<void> {
		const pairs = await this.read();
		if (pairs.has(key(a, b))) return;
		await this.storage.append(NOT_RELATED_FILE, `${JSON.stringify([a, b].sort())}\n`);
		pairs.add(key(a, b));
	}

	private read(): Promise<Set<string>> {
		if (this.pairs) return Promise.resolve(this.pairs);
		this.loading ??= this.storage.read(NOT_RELATED_FILE).then(
			(text) => (this.pairs = parsePairs(text ?? "", this.warn)),
			(error: unknown) => {
				this.loading = null;
				throw error;
			},
		);
		return this.loading;
	}
}

function key(a: string, b: string): string {
	return a < b ? `${a}\n${b}` : `${b}\n${a}`;
}

/** Each line a pair; a torn or foreign line (a crash mid-append, a hand edit) is skipped with one warning. */
function parsePairs(text: string, warn: (message: string) => void): Set<string> {
	const pairs = new Set<string>();
	let skipped = 0;
	for (const line of text.split("\n")) {
		if (line.trim() === "") continue;
		try {
			const pair: unknown = JSON.parse(line);
			if (Array.isArray(pair) && pair.length === 2 && pair.every((path) => typeof path === "string"))
				pairs.add(key(pair[0], pair[1]));
			else skipped++;
		} catch {
			skipped++;
		}
	}
	if (skipped > 0) warn(`${NOT_RELATED_FILE}: ${skipped} unreadable lines skipped`);
	return pairs;
}
