import type { CueLookup } from "../../core/cues/cue-recall";
import { extractCues, type CueSource } from "../../core/cues/extract-cues";
import type { DayRange } from "../../core/time/calendar";

/**
 * The cue graph of the vault: memory → cues, cue → memories (and so cue ↔ cue co-occurrence,
 * counted on demand from the two), and the days each memory speaks of. Derived data: rebuilt
 * with the index, updated as notes change, never written into a note.
 */
export class CueIndex implements CueLookup {
	private readonly cues = new Map<string, readonly string[]>();
	private readonly names = new Map<string, readonly string[]>();
	private readonly holders = new Map<string, Set<string>>();
	private readonly times = new Map<string, readonly DayRange[]>();

	get size(): number {
		return this.cues.size;
	}

	/** (Re)reads a note's cues. */
	update(id: string, source: CueSource, title: string): void {
		this.remove(id);
		const extracted = extractCues(source, title);
		this.cues.set(id, extracted.cues);
		this.names.set(id, extracted.names);
		for (const cue of extracted.cues) {
			let set = this.holders.get(cue);
			if (!set) this.holders.set(cue, (set = new Set()));
			set.add(id);
		}
		if (extracted.times.length > 0) this.times.set(id, extracted.times);
	}

	remove(id: string): void {
		const cues = this.cues.get(id);
		if (!cues) return;
		for (const cue of cues) {
			const set = this.holders.get(cue);
			set?.delete(id);
			if (set?.size === 0) this.holders.delete(cue);
		}
		this.cues.delete(id);
		this.names.delete(id);
		this.times.delete(id);
	}

	rename(oldId: string, newId: string): void {
		const cues = this.cues.get(oldId);
		if (!cues) return;
		const times = this.times.get(oldId);
		const names = this.names.get(oldId) ?? [];
		this.remove(oldId);
		this.cues.set(newId, cues);
		this.names.set(newId, names);
		for (const cue of cues) {
			let set = this.holders.get(cue);
			if (!set) this.holders.set(cue, (set = new Set()));
			set.add(newId);
		}
		if (times) this.times.set(newId, times);
	}

	ids(): IterableIterator<string> {
		return this.cues.keys();
	}

	memoriesOf(cue: string): ReadonlySet<string> | undefined {
		return this.holders.get(cue);
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

	/** How many memories hold both cues. */
	cooccurrence(a: string, b: string): number {
		const first = this.holders.get(a);
		const second = this.holders.get(b);
		if (!first || !second) return 0;
		const [small, large] = first.size <= second.size ? [first, second] : [second, first];
		let count = 0;
		for (const id of small) if (large.has(id)) count++;
		return count;
	}
}
