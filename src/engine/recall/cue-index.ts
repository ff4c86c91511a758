import type { CueLookup } from "../../core/cues/cue-recall";
import { isTabled, type CueTable, type TabledCueRecord } from "../../core/cues/cue-table";
import { extractCues, type CueRecord, type CueSource } from "../../core/cues/extract-cues";
import { detachedString } from "../../core/util/detached-string";
import type { Day, DayRange } from "../../core/time/calendar";

/** A posting list under this length is never compacted: dropping its dead entries would save nothing. */
const MIN_COMPACTED = 8;
const FIRST_CAPACITY = 4;
/** Each memory's record in a page: its note id, how many cues, how many names, then the cue ids and the name ids. */
const HEADER = 3;
/** Ints a page holds (a record longer than that gets a page of its own); compacting one stays well under a millisecond. */
const PAGE = 1 << 16;

/**
 * The cue graph of the vault: memory → cues, cue → memories (and so cue ↔ cue co-occurrence,
 * counted on demand from the two), and the days each memory speaks of. Derived data: rebuilt
 * with the index, updated as notes change, never written into a note.
 *
 * Compact at 100k notes (a `Set` per common cue cost ≈ 30 bytes a holder): cues and memories
 * are numbers. Each distinct cue has a cue id and one copy of its string; each memory gets a
 * new note id whenever its cues are set, and a cue's holders are an `Int32Array` of note ids in
 * the order they took it. A memory that changes or leaves only marks its old id dead; a cue's
 * list drops its dead ids once they are the majority, so the lists stay within twice their
 * holders and no removal scans them. The memories' own cue lists are records in `Int32Array`
 * pages (no object per memory); a page is rewritten without its dead records once they are the
 * majority, one page at a time, so a rebuild that sets every memory again has no long task.
 */
export class CueIndex implements CueLookup {
	/** Memory → where its record starts: page × PAGE + offset in the page. */
	private readonly notes = new Map<string, number>();
	private readonly pages: Int32Array[] = [];
	private readonly pageUsed: number[] = [];
	private readonly pageDead: number[] = [];
	/** The page new records go to. */
	private current = -1;
	/** Note id → memory; undefined once dead. */
	private readonly memoryOf: (string | undefined)[] = [];
	private readonly cueIds = new Map<string, number>();
	/** Cue id → the cue; undefined for a free id (in `freeCues`). */
	private readonly cueText: (string | undefined)[] = [];
	/** Cue id → its holders' note ids, dead ones included: one as itself, more as the first `used` of an array. */
	private readonly holders: (number | Int32Array)[] = [];
	private readonly used: number[] = [];
	private readonly alive: number[] = [];
	private readonly freeCues: number[] = [];
	private readonly times = new Map<string, readonly DayRange[]>();
	private readonly written = new Map<string, Day>();
	/**
	 * The cue ids of the numbers of cue tables records were set from (−1: not looked up yet): a
	 * start sets 100k records from one table, and looking each cue up by its string once per
	 * memory holding it was a fifth of a warm start. Weak, so the table (the note digests' bytes)
	 * goes once the start is done with it; cleared when a cue id is freed (ids are reused).
	 */
	private tableIds = new WeakMap<CueTable, Int32Array>();

	get size(): number {
		return this.notes.size;
	}

	/** Holder numbers are note ids. */
	get holderSpace(): number {
		return this.memoryOf.length;
	}

	/** (Re)reads a note's cues. */
	update(id: string, source: CueSource, title: string): void {
		this.set(id, extractCues(source, title));
	}

	/**
	 * Sets a note's cues as extracted before (a start takes them from the note digest, as numbers
	 * into its cue table). The cues are distinct and the names are among them, as `extractCues`
	 * makes them.
	 */
	set(id: string, record: CueRecord | TabledCueRecord): void {
		this.remove(id);
		if (isTabled(record)) this.holdTabled(id, record);
		else this.hold(id, record.cues, record.names);
		if (record.times.length > 0) this.times.set(id, record.times);
		if (record.written !== undefined) this.written.set(id, record.written);
	}

	/** A note's cues as `set` takes them; undefined for a note the index does not hold. */
	recordOf(id: string): CueRecord | undefined {
		const cues = this.cuesOf(id);
		if (!cues) return undefined;
		const written = this.written.get(id);
		const record: CueRecord = { cues, names: this.namesOf(id) ?? [], times: this.times.get(id) ?? [] };
		return written === undefined ? record : { ...record, written };
	}

	remove(id: string): void {
		const at = this.notes.get(id);
		if (at === undefined) return;
		const page = Math.floor(at / PAGE);
		const ints = this.pages[page];
		const start = at % PAGE;
		this.memoryOf[ints[start]] = undefined;
		const cuesEnd = start + HEADER + ints[start + 1];
		for (let i = start + HEADER; i < cuesEnd; i++) this.release(ints[i]);
		this.notes.delete(id);
		this.pageDead[page] += HEADER + ints[start + 1] + ints[start + 2];
		if (2 * this.pageDead[page] > this.pageUsed[page]) this.compact(page);
		this.times.delete(id);
		this.written.delete(id);
	}

	rename(oldId: string, newId: string): void {
		const record = this.recordOf(oldId);
		if (record === undefined) return;
		this.remove(oldId);
		this.set(newId, record);
	}

	ids(): IterableIterator<string> {
		return this.notes.keys();
	}

	holderCount(cue: string): number {
		const cueId = this.cueIds.get(cue);
		return cueId === undefined ? 0 : this.alive[cueId];
	}

	forEachHolder(cue: string, visit: (holder: number) => void): void {
		const cueId = this.cueIds.get(cue);
		if (cueId === undefined) return;
		const held = this.holders[cueId];
		if (typeof held === "number") {
			if (this.memoryOf[held] !== undefined) visit(held);
			return;
		}
		const used = this.used[cueId];
		for (let i = 0; i < used; i++) if (this.memoryOf[held[i]] !== undefined) visit(held[i]);
	}

	memoryAt(holder: number): string {
		return this.memoryOf[holder] as string;
	}

	holderOf(id: string): number {
		const at = this.notes.get(id) as number;
		return this.pages[Math.floor(at / PAGE)][at % PAGE];
	}

	forEachTimed(visit: (id: string, times: readonly DayRange[]) => void): void {
		this.times.forEach((times, id) => visit(id, times));
	}

	forEachDated(visit: (id: string, day: Day) => void): void {
		this.written.forEach((day, id) => visit(id, day));
	}

	memoriesOf(cue: string): CueHolderList | undefined {
		const cueId = this.cueIds.get(cue);
		return cueId === undefined ? undefined : new HolderList(this.alive[cueId], () => this.holdersOf(cueId));
	}

	cuesOf(id: string): readonly string[] | undefined {
		const at = this.notes.get(id);
		if (at === undefined) return undefined;
		const ints = this.pages[Math.floor(at / PAGE)];
		const start = at % PAGE;
		return this.textOf(ints, start + HEADER, ints[start + 1]);
	}

	namesOf(id: string): readonly string[] | undefined {
		const at = this.notes.get(id);
		if (at === undefined) return undefined;
		const ints = this.pages[Math.floor(at / PAGE)];
		const start = at % PAGE;
		return this.textOf(ints, start + HEADER + ints[start + 1], ints[start + 2]);
	}

	timesOf(id: string): readonly DayRange[] | undefined {
		return this.times.get(id);
	}

	timed(): IterableIterator<[string, readonly DayRange[]]> {
		return this.times.entries();
	}

	writtenOn(id: string): Day | undefined {
		return this.written.get(id);
	}

	dated(): IterableIterator<[string, Day]> {
		return this.written.entries();
	}

	/** How many memories hold both cues. */
	cooccurrence(a: string, b: string): number {
		const first = this.memoriesOf(a);
		const second = this.memoriesOf(b);
		if (!first || !second) return 0;
		const [small, large] = first.size <= second.size ? [first, second] : [second, first];
		const held = new Set(small);
		let count = 0;
		for (const id of large) if (held.has(id)) count++;
		return count;
	}

	/** Gives the memory a new note id and adds it to the holders of each of its cues. */
	private hold(id: string, cues: readonly string[], names: readonly string[]): void {
		const { noteId, page, ints, start } = this.newRecord(id, cues.length + names.length);
		ints[start + 1] = cues.length;
		for (let i = 0; i < cues.length; i++) {
			const cueId = this.cueIds.get(cues[i]) ?? this.newCue(detachedString(cues[i]));
			this.addHolder(cueId, noteId);
			ints[start + HEADER + i] = cueId;
		}
		let named = 0;
		for (const name of names) {
			const cueId = this.cueIds.get(name);
			if (cueId !== undefined) ints[start + HEADER + cues.length + named++] = cueId;
		}
		this.endRecord(id, page, start, named);
	}

	/** `hold` for a record of numbers into a cue table: each number is looked up once per table. */
	private holdTabled(id: string, record: TabledCueRecord): void {
		const { table, first, cues, names } = record;
		let ids = this.tableIds.get(table);
		if (ids === undefined) this.tableIds.set(table, (ids = new Int32Array(table.size).fill(-1)));
		const references = table.references;
		const { noteId, page, ints, start } = this.newRecord(id, cues + names);
		ints[start + 1] = cues;
		for (let i = 0; i < cues; i++) {
			const cue = references[first + i];
			let cueId = ids[cue];
			if (cueId < 0) {
				const text = table.text(cue);
				cueId = ids[cue] = this.cueIds.get(text) ?? this.newCue(text, table.holders[cue]);
			}
			this.addHolder(cueId, noteId);
			ints[start + HEADER + i] = cueId;
		}
		let named = 0;
		for (let i = first + cues; i < first + cues + names; i++) {
			const cue = references[i];
			let cueId = ids[cue];
			if (cueId < 0) cueId = ids[cue] = this.cueIds.get(table.text(cue)) ?? -1;
			if (cueId >= 0) ints[start + HEADER + cues + named++] = cueId;
		}
		this.endRecord(id, page, start, named);
	}

	/** Starts the record of a memory with up to `length` cues and names: a new note id, written at `start` of `page`. */
	private newRecord(id: string, length: number): { noteId: number; page: number; ints: Int32Array; start: number } {
		const noteId = this.memoryOf.length;
		this.memoryOf.push(id);
		const page = this.pageFor(HEADER + length);
		const ints = this.pages[page];
		const start = this.pageUsed[page];
		ints[start] = noteId;
		return { noteId, page, ints, start };
	}

	/** Ends the record `newRecord` started (its cue count written) with the `named` names written after the cues. */
	private endRecord(id: string, page: number, start: number, named: number): void {
		const ints = this.pages[page];
		ints[start + 2] = named;
		this.pageUsed[page] = start + HEADER + ints[start + 1] + named;
		this.notes.set(id, page * PAGE + start);
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

	/**
	 * A new cue without holders; `cue` is a string of its own (detached), which the index keeps.
	 * With `room` for more than one holder its list is made that long at once.
	 */
	private newCue(cue: string, room = 0): number {
		const cueId = this.freeCues.pop() ?? this.cueText.length;
		this.cueIds.set(cue, cueId);
		this.cueText[cueId] = cue;
		this.holders[cueId] = room > 1 ? new Int32Array(room) : -1;
		this.used[cueId] = 0;
		this.alive[cueId] = 0;
		return cueId;
	}

	/** Adds a holder to the cue. */
	private addHolder(cueId: number, noteId: number): void {
		const held = this.holders[cueId];
		const used = this.used[cueId];
		this.alive[cueId]++;
		this.used[cueId] = used + 1;
		if (typeof held !== "number" && used < held.length) {
			held[used] = noteId;
			return;
		}
		if (used === 0) {
			this.holders[cueId] = noteId;
			return;
		}
		const list = new Int32Array(typeof held === "number" ? FIRST_CAPACITY : used * 2);
		if (typeof held === "number") list[0] = held;
		else list.set(held);
		list[used] = noteId;
		this.holders[cueId] = list;
	}

	/** A holder of the cue left (its note id is dead already). */
	private release(cueId: number): void {
		const alive = --this.alive[cueId];
		if (alive === 0) {
			this.tableIds = new WeakMap();
			this.cueIds.delete(this.cueText[cueId] as string);
			this.cueText[cueId] = undefined;
			this.holders[cueId] = 0;
			this.used[cueId] = 0;
			this.freeCues.push(cueId);
			return;
		}
		const held = this.holders[cueId];
		const used = this.used[cueId];
		if (typeof held === "number" || used < MIN_COMPACTED || used <= 2 * alive) return;
		let kept = 0;
		for (let i = 0; i < used; i++) if (this.memoryOf[held[i]] !== undefined) held[kept++] = held[i];
		this.used[cueId] = kept;
	}

	/** The live holders of a cue, in the order they took it. */
	private *holdersOf(cueId: number): Generator<string> {
		const held = this.holders[cueId];
		if (typeof held === "number") {
			const memory = this.memoryOf[held];
			if (memory !== undefined) yield memory;
			return;
		}
		const used = this.used[cueId];
		for (let i = 0; i < used; i++) {
			const memory = this.memoryOf[held[i]];
			if (memory !== undefined) yield memory;
		}
	}

	private textOf(ints: Int32Array, from: number, count: number): string[] {
		const text: string[] = [];
		for (let i = from; i < from + count; i++) text.push(this.cueText[ints[i]] as string);
		return text;
	}
}

/** The memories that hold one cue: how many, and each once. */
interface CueHolderList extends Iterable<string> {
	readonly size: number;
}

/** A cue's holders: how many, and each in turn. */
class HolderList implements CueHolderList {
	constructor(
		readonly size: number,
		private readonly memories: () => Iterator<string>,
	) {}

	[Symbol.iterator](): Iterator<string> {
		return this.memories();
	}
}
