import type { CueHolderList, CueLookup } from "../../core/cues/cue-recall";
import { extractCues, type CueRecord, type CueSource } from "../../core/cues/extract-cues";
import { detachedString } from "../../core/model/detached-string";
import type { Day, DayRange } from "../../core/time/calendar";

/** A posting list under this length is never compacted: dropping its dead entries would save nothing. */
const MIN_COMPACTED = 8;
const FIRST_CAPACITY = 4;
/** Each memory's record in the slab: its note id, how many cues, how many names, then the cue ids and the name ids. */
const HEADER = 3;
const FIRST_SLAB = 1 << 12;

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
 * holders and no removal scans them. The memories' own cue lists are records in one `Int32Array`
 * slab (no object per memory), rewritten without the dead records once they are the majority.
 */
export class CueIndex implements CueLookup {
	/** Memory → where its record starts in `slab`. */
	private readonly notes = new Map<string, number>();
	private slab = new Int32Array(FIRST_SLAB);
	private slabUsed = 0;
	private slabDead = 0;
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

	get size(): number {
		return this.notes.size;
	}

	/** (Re)reads a note's cues. */
	update(id: string, source: CueSource, title: string): void {
		this.set(id, extractCues(source, title));
	}

	/**
	 * Sets a note's cues as extracted before (a start takes them from the note digest). The cues
	 * are distinct and the names are among them, as `extractCues` makes them.
	 */
	set(id: string, record: CueRecord): void {
		this.remove(id);
		this.hold(id, record.cues, record.names);
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
		const slab = this.slab;
		this.memoryOf[slab[at]] = undefined;
		const cuesEnd = at + HEADER + slab[at + 1];
		for (let i = at + HEADER; i < cuesEnd; i++) this.release(slab[i]);
		this.slabDead += HEADER + slab[at + 1] + slab[at + 2];
		this.notes.delete(id);
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

	memoriesOf(cue: string): CueHolderList | undefined {
		const cueId = this.cueIds.get(cue);
		return cueId === undefined ? undefined : new HolderList(this.alive[cueId], () => this.holdersOf(cueId));
	}

	cuesOf(id: string): readonly string[] | undefined {
		const at = this.notes.get(id);
		return at === undefined ? undefined : this.textOf(at + HEADER, this.slab[at + 1]);
	}

	namesOf(id: string): readonly string[] | undefined {
		const at = this.notes.get(id);
		return at === undefined ? undefined : this.textOf(at + HEADER + this.slab[at + 1], this.slab[at + 2]);
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
		const noteId = this.memoryOf.length;
		this.memoryOf.push(id);
		const at = this.reserve(HEADER + cues.length + names.length);
		const slab = this.slab;
		slab[at] = noteId;
		slab[at + 1] = cues.length;
		for (let i = 0; i < cues.length; i++) slab[at + HEADER + i] = this.addHolder(cues[i], noteId);
		let named = 0;
		for (const name of names) {
			const cueId = this.cueIds.get(name);
			if (cueId !== undefined) slab[at + HEADER + cues.length + named++] = cueId;
		}
		slab[at + 2] = named;
		this.slabUsed = at + HEADER + cues.length + named;
		this.notes.set(id, at);
	}

	/** Where a record of `length` can start at the end of the slab, made room for first. */
	private reserve(length: number): number {
		if (this.slabUsed + length <= this.slab.length) return this.slabUsed;
		const live = this.slabUsed - this.slabDead;
		const size = Math.max(FIRST_SLAB, 2 * (live + length));
		const slab = new Int32Array(size);
		if (this.slabDead === 0 && size >= this.slab.length) {
			slab.set(this.slab.subarray(0, this.slabUsed));
		} else {
			// Rewrite the live records back to back, in the order of `notes`.
			let used = 0;
			const old = this.slab;
			for (const [id, at] of this.notes) {
				const end = at + HEADER + old[at + 1] + old[at + 2];
				this.notes.set(id, used);
				for (let i = at; i < end; i++) slab[used++] = old[i];
			}
			this.slabUsed = used;
			this.slabDead = 0;
		}
		this.slab = slab;
		return this.slabUsed;
	}

	/** Adds a holder to the cue; returns the cue's id. */
	private addHolder(cue: string, noteId: number): number {
		let cueId = this.cueIds.get(cue);
		if (cueId === undefined) {
			cueId = this.freeCues.pop() ?? this.cueText.length;
			const shared = detachedString(cue);
			this.cueIds.set(shared, cueId);
			this.cueText[cueId] = shared;
			this.holders[cueId] = noteId;
			this.used[cueId] = 1;
			this.alive[cueId] = 1;
			return cueId;
		}
		const held = this.holders[cueId];
		const used = this.used[cueId];
		let list: Int32Array;
		if (typeof held === "number") {
			list = new Int32Array(FIRST_CAPACITY);
			list[0] = held;
		} else if (used === held.length) {
			list = new Int32Array(used * 2);
			list.set(held);
		} else {
			list = held;
		}
		list[used] = noteId;
		this.holders[cueId] = list;
		this.used[cueId] = used + 1;
		this.alive[cueId]++;
		return cueId;
	}

	/** A holder of the cue left (its note id is dead already). */
	private release(cueId: number): void {
		const alive = --this.alive[cueId];
		if (alive === 0) {
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

	private textOf(from: number, count: number): string[] {
		const text: string[] = [];
		for (let i = from; i < from + count; i++) text.push(this.cueText[this.slab[i]] as string);
		return text;
	}
}

/** A cue's holders as cue recall reads them: how many, and each in turn. */
class HolderList implements CueHolderList {
	constructor(
		readonly size: number,
		private readonly memories: () => Iterator<string>,
	) {}

	[Symbol.iterator](): Iterator<string> {
		return this.memories();
	}
}
