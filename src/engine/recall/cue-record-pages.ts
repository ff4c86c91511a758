/** Each memory's record in a page: its note id, how many cues, how many names, then the cue ids and the name ids. */
const HEADER = 3;
/** Ints a page holds (a record longer than that gets a page of its own); compacting one stays well under a millisecond. */
const PAGE = 1 << 16;

/** A record being written (see `CueRecordPages.open`): its cue ids, then its name ids, go from `ints[at]` on. */
export interface OpenRecord {
	readonly noteId: number;
	readonly ints: Int32Array;
	readonly at: number;
	readonly page: number;
	readonly start: number;
}

/**
 * The cue index's records of each memory's cue ids, in `Int32Array` pages (no object per
 * memory). Each memory gets a new note id whenever its record is written; a memory that changes
 * or leaves only marks its old id dead. A page is rewritten without its dead records once they
 * are the majority, one page at a time, so a rebuild that writes every memory again has no long
 * task.
 */
export class CueRecordPages {
	/** Memory → where its record starts: page × PAGE + offset in the page. */
	private readonly notes = new Map<string, number>();
	private readonly pages: Int32Array[] = [];
	private readonly pageUsed: number[] = [];
	private readonly pageDead: number[] = [];
	/** The page new records go to. */
	private current = -1;
	/** Note id → memory; undefined once dead. */
	private readonly memoryOf: (string | undefined)[] = [];

	get size(): number {
		return this.notes.size;
	}

	/** How many note ids were given out, dead ones included. */
	get noteIds(): number {
		return this.memoryOf.length;
	}

	ids(): IterableIterator<string> {
		return this.notes.keys();
	}

	/** The memory of a note id; undefined once the id is dead. */
	memoryAt(noteId: number): string | undefined {
		return this.memoryOf[noteId];
	}

	/** The live note id of a memory the pages hold. */
	noteIdOf(id: string): number {
		const at = this.notes.get(id) as number;
		return this.pages[Math.floor(at / PAGE)][at % PAGE];
	}

	/** The cue ids of a memory's cues, or of its names; undefined for a memory not held. */
	cueIdsOf(id: string, part: "cues" | "names"): Int32Array | undefined {
		const at = this.notes.get(id);
		if (at === undefined) return undefined;
		const ints = this.pages[Math.floor(at / PAGE)];
		const start = at % PAGE;
		const from = part === "cues" ? start + HEADER : start + HEADER + ints[start + 1];
		return ints.subarray(from, from + ints[start + (part === "cues" ? 1 : 2)]);
	}

	/** Starts the record of a memory with up to `length` cues and names, under a new note id. */
	open(id: string, length: number): OpenRecord {
		const noteId = this.memoryOf.length;
		this.memoryOf.push(id);
		const page = this.pageFor(HEADER + length);
		const ints = this.pages[page];
		const start = this.pageUsed[page];
		ints[start] = noteId;
		return { noteId, ints, at: start + HEADER, page, start };
	}

	/** Ends a record `open` started, with `cues` cue ids and then `names` name ids written. */
	close(id: string, record: OpenRecord, cues: number, names: number): void {
		const { ints, page, start } = record;
		ints[start + 1] = cues;
		ints[start + 2] = names;
		this.pageUsed[page] = start + HEADER + cues + names;
		this.notes.set(id, page * PAGE + start);
	}

	/** Marks a memory's note id dead and hands each of its cue ids to `release`; false for a memory not held. */
	remove(id: string, release: (cueId: number) => void): boolean {
		const at = this.notes.get(id);
		if (at === undefined) return false;
		const page = Math.floor(at / PAGE);
		const ints = this.pages[page];
		const start = at % PAGE;
		this.memoryOf[ints[start]] = undefined;
		const cuesEnd = start + HEADER + ints[start + 1];
		for (let i = start + HEADER; i < cuesEnd; i++) release(ints[i]);
		this.notes.delete(id);
		this.pageDead[page] += HEADER + ints[start + 1] + ints[start + 2];
		if (2 * this.pageDead[page] > this.pageUsed[page]) this.compact(page);
		return true;
	}

	/** A page with room for a record of `length` ints at its end: the current one, another with room, or a new one. */
	private pageFor(length: number): number {
		// A record starts within the first PAGE ints of its page, or its location would name the next page.
		const fits = (page: number): boolean =>
			this.pageUsed[page] < PAGE && this.pages[page].length - this.pageUsed[page] >= length;
		if (this.current >= 0 && fits(this.current)) return this.current;
		let page = this.pages.findIndex((_, candidate) => fits(candidate));
		if (page < 0) {
			page = this.pages.length;
			this.pages.push(new Int32Array(Math.max(PAGE, length)));
			this.pageUsed.push(0);
			this.pageDead.push(0);
		}
		this.current = page;
		return page;
	}

	/** Moves a page's live records to its start, in order, so its end takes new records. */
	private compact(page: number): void {
		const ints = this.pages[page];
		const used = this.pageUsed[page];
		let kept = 0;
		for (let start = 0; start < used;) {
			const end = start + HEADER + ints[start + 1] + ints[start + 2];
			const memory = this.memoryOf[ints[start]];
			if (memory !== undefined) {
				if (kept !== start) ints.copyWithin(kept, start, end);
				this.notes.set(memory, page * PAGE + kept);
				kept += end - start;
			}
			start = end;
		}
		this.pageUsed[page] = kept;
		this.pageDead[page] = 0;
	}
}
