import type { CueLookup } from "../../core/cues/cue-recall";
import { extractCues, type CueRecord, type CueSource } from "../../core/cues/extract-cues";
import { detachedString } from "../../core/model/detached-string";
import type { Day, DayRange } from "../../core/time/calendar";

/** The memories holding one cue, with the one copy of the cue string every memory's list shares. */
interface CueHolders {
	cue: string;
	/** One memory as itself, more as a set: most cues belong to one memory, and a set costs ≈ 100 bytes. */
	ids: string | Set<string>;
}

/**
 * The cue graph of the vault: memory → cues, cue → memories (and so cue ↔ cue co-occurrence,
 * counted on demand from the two), and the days each memory speaks of. Derived data: rebuilt
 * with the index, updated as notes change, never written into a note.
 */
export class CueIndex implements CueLookup {
	/** A memory's cues and names are the strings of `holders` (extracted cues are slices of the note's text). */
	private readonly cues = new Map<string, readonly string[]>();
	private readonly names = new Map<string, readonly string[]>();
	private readonly holders = new Map<string, CueHolders>();
	private readonly times = new Map<string, readonly DayRange[]>();
	private readonly written = new Map<string, Day>();

	get size(): number {
		return this.cues.size;
	}

	/** (Re)reads a note's cues. */
	update(id: string, source: CueSource, title: string): void {
		this.set(id, extractCues(source, title));
	}

	/** Sets a note's cues as extracted before (a start takes them from the note digest). */
	set(id: string, record: CueRecord): void {
		this.remove(id);
		this.cues.set(
			id,
			record.cues.map((cue) => this.hold(cue, id)),
		);
		// Every name is one of the cues just held.
		this.names.set(
			id,
			record.names.map((name) => this.holders.get(name)?.cue ?? name),
		);
		if (record.times.length > 0) this.times.set(id, record.times);
		if (record.written !== undefined) this.written.set(id, record.written);
	}

	/** A note's cues as `set` takes them; undefined for a note the index does not hold. */
	recordOf(id: string): CueRecord | undefined {
		const cues = this.cues.get(id);
		if (!cues) return undefined;
		const written = this.written.get(id);
		const record: CueRecord = { cues, names: this.names.get(id) ?? [], times: this.times.get(id) ?? [] };
		return written === undefined ? record : { ...record, written };
	}

	remove(id: string): void {
		const cues = this.cues.get(id);
		if (!cues) return;
		for (const cue of cues) this.release(cue, id);
		this.cues.delete(id);
		this.names.delete(id);
		this.times.delete(id);
		this.written.delete(id);
	}

	rename(oldId: string, newId: string): void {
		const cues = this.cues.get(oldId);
		if (!cues) return;
		const times = this.times.get(oldId);
		const names = this.names.get(oldId) ?? [];
		const written = this.written.get(oldId);
		this.remove(oldId);
		this.cues.set(
			newId,
			cues.map((cue) => this.hold(cue, newId)),
		);
		this.names.set(
			newId,
			names.map((name) => this.holders.get(name)?.cue ?? name),
		);
		if (times) this.times.set(newId, times);
		if (written !== undefined) this.written.set(newId, written);
	}

	ids(): IterableIterator<string> {
		return this.cues.keys();
	}

	memoriesOf(cue: string): ReadonlySet<string> | undefined {
		const held = this.holders.get(cue)?.ids;
		return typeof held === "string" ? new Set([held]) : held;
	}

	cuesOf(id: string): readonly string[] | undefined {
		return this.cues.get(id);
	}

	namesOf(id: string): readonly string[] | undefined {
		return this.names.get(id);
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
		let count = 0;
		for (const id of small) if (large.has(id)) count++;
		return count;
	}

	/** Adds a holder of the cue; returns the cue's shared string. */
	private hold(cue: string, id: string): string {
		const holders = this.holders.get(cue);
		if (holders === undefined) {
			const shared = detachedString(cue);
			this.holders.set(shared, { cue: shared, ids: id });
			return shared;
		}
		const held = holders.ids;
		if (typeof held !== "string") held.add(id);
		else if (held !== id) holders.ids = new Set([held, id]);
		return holders.cue;
	}

	private release(cue: string, id: string): void {
		const holders = this.holders.get(cue);
		if (holders === undefined) return;
		const held = holders.ids;
		if (held === id) this.holders.delete(cue);
		else if (typeof held !== "string" && held.delete(id)) {
			if (held.size === 1) holders.ids = held.values().next().value as string;
		}
	}
}
