import type { TabledCueRecord } from "../../src/core/cues/cue-table";
import type { CueRecord } from "../../src/core/cues/extract-cues";
import type { DecodedNoteDigests, NoteDigest } from "../../src/core/digest/note-digest-codec";

/** A tabled record with its cues as strings, as the encoder was given them. */
function untabled(record: TabledCueRecord): CueRecord {
	const { table, first, cues, names, times, written } = record;
	const textAt = (reference: number): string => table.text(table.references[reference]);
	const strings: CueRecord = {
		cues: Array.from({ length: cues }, (_, k) => textAt(first + k)),
		names: Array.from({ length: names }, (_, k) => textAt(first + cues + k)),
		times,
	};
	return written === undefined ? strings : { ...strings, written };
}

/** Every decoded digest as the encoder was given it. */
export function decodedDigests(decoded: DecodedNoteDigests): NoteDigest[] {
	return Array.from({ length: decoded.size }, (_, note) => {
		const digest = decoded.digest(note);
		return { ...digest, cues: untabled(digest.cues) };
	});
}
