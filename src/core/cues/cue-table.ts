import type { Day, DayRange } from "../time/calendar";
import type { CueRecord } from "./extract-cues";

/**
 * Distinct cues by number, shared by the records of many memories (the note digest's cue
 * table): a record says which of them it holds as numbers, so whoever takes many records looks
 * each cue's string up once, not once per memory that holds it.
 */
export interface CueTable {
	/** How many distinct cues. */
	readonly size: number;
	/** The records' cue numbers, record after record: a record's cues, then its names. */
	readonly references: Uint32Array;
	/** How many records hold each cue (names not counted): the room a cue's holder list needs. */
	readonly holders: Uint32Array;
	/** The cue numbered `cue` (< size), as a string of its own. */
	text(cue: number): string;
}

/** A memory's `CueRecord` as numbers into a `CueTable`: `cues` references from `first`, then `names` more. */
export interface TabledCueRecord {
	table: CueTable;
	first: number;
	cues: number;
	names: number;
	times: readonly DayRange[];
	written?: Day;
}

export function isTabled(record: CueRecord | TabledCueRecord): record is TabledCueRecord {
	return "table" in record;
}
