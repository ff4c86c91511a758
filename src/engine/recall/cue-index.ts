import type { CueLookup } from "../../core/cues/cue-recall";
import { isTabled, type CueTable, type TabledCueRecord } from "../../core/cues/cue-table";
import { extractCues, type CueRecord, type CueSource } from "../../core/cues/extract-cues";
import { detachedString } from "../../core/util/detached-string";
import type { Day, DayRange } from "../../core/time/calendar";
import { CueRecordPages } from "./cue-record-pages";

/** A posting list under this length is never compacted: dropping its dead entries would save nothing. */
const MIN_COMPACTED = 8;
const FIRST_CAPACITY = 4;

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
 * holders and no removal scans them. The memories' own cue lists are records in pages
 * (cue-record-pages.ts).
 */
export class CueIndex implements CueLookup {
	private readonly records = new CueRecordPages();
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
		return this.records.size;
	}

	/** Holder numbers are note ids. */
	get holderSpace(): number {
		return this.records.noteIds;
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
		if (!this.records.remove(id, (cueId) => this.release(cueId))) return;
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
		return this.records.ids();
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
			if (this.records.memoryAt(held) !== undefined) visit(held);
			return;
		}
		const used = this.used[cueId];
		for (let i = 0; i < used; i++) if (this.records.memoryAt(held[i]) !== undefined) visit(held[i]);
	}

	memoryAt(holder: number): string {
		return this.records.memoryAt(holder) as string;
	}

	holderOf(id: string): number {
		return this.records.noteIdOf(id);
	}

	forEachTimed(visit: (id: string, times: readonly DayRange[]) => void): void {
		this.times.forEach((times, id) => visit(id, times));
	}

	forEachDated(visit: (id: string, day: Day) => void): void {
		this.written.forEach((day, id) => visit(id, day));
	}

	/** The memories that hold one cue: how many, and each once, in the order they took it. */
	memoriesOf(cue: string): (Iterable<string> & { readonly size: number }) | undefined {
		const cueId = this.cueIds.get(cue);
		if (cueId === undefined) return undefined;
		return { size: this.alive[cueId], [Symbol.iterator]: () => this.holdersOf(cueId) };
	}

	cuesOf(id: string): readonly string[] | undefined {
		const cueIds = this.records.cueIdsOf(id, "cues");
		return cueIds && this.textOf(cueIds);
	}

	namesOf(id: string): readonly string[] | undefined {
		const cueIds = this.records.cueIdsOf(id, "names");
		return cueIds && this.textOf(cueIds);
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
		const open = this.records.open(id, cues.length + names.length);
		const { noteId, ints, at } = open;
		for (let i = 0; i < cues.length; i++) {
			const cueId = this.cueIds.get(cues[i]) ?? this.newCue(detachedString(cues[i]));
			this.addHolder(cueId, noteId);
			ints[at + i] = cueId;
		}
		let named = 0;
		for (const name of names) {
			const cueId = this.cueIds.get(name);
			if (cueId !== undefined) ints[at + cues.length + named++] = cueId;
		}
		this.records.close(id, open, cues.length, named);
	}

	/** `hold` for a record of numbers into a cue table: each number is looked up once per table. */
	private holdTabled(id: string, record: TabledCueRecord): void {
		const { table, first, cues, names } = record;
		let ids = this.tableIds.get(table);
		if (ids === undefined) this.tableIds.set(table, (ids = new Int32Array(table.size).fill(-1)));
		const references = table.references;
		const open = this.records.open(id, cues + names);
		const { noteId, ints, at } = open;
		for (let i = 0; i < cues; i++) {
			const cue = references[first + i];
			let cueId = ids[cue];
			if (cueId < 0) {
				const text = table.text(cue);
				cueId = ids[cue] = this.cueIds.get(text) ?? this.newCue(text, table.holders[cue]);
			}
			this.addHolder(cueId, noteId);
			ints[at + i] = cueId;
		}
		let named = 0;
		for (let i = first + cues; i < first + cues + names; i++) {
			const cue = references[i];
			let cueId = ids[cue];
			if (cueId < 0) cueId = ids[cue] = this.cueIds.get(table.text(cue)) ?? -1;
			if (cueId >= 0) ints[at + cues + named++] = cueId;
		}
		this.records.close(id, open, cues, named);
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
		for (let i = 0; i < used; i++) if (this.records.memoryAt(held[i]) !== undefined) held[kept++] = held[i];
		this.used[cueId] = kept;
	}

	/** The live holders of a cue, in the order they took it. */
	private *holdersOf(cueId: number): Generator<string> {
		const held = this.holders[cueId];
		if (typeof held === "number") {
			const memory = this.records.memoryAt(held);
			if (memory !== undefined) yield memory;
			return;
		}
		const used = this.used[cueId];
		for (let i = 0; i < used; i++) {
			const memory = this.records.memoryAt(held[i]);
			if (memory !== undefined) yield memory;
		}
	}

	private textOf(cueIds: Int32Array): string[] {
		const text: string[] = [];
		for (const cueId of cueIds) text.push(this.cueText[cueId] as string);
		return text;
	}
}
