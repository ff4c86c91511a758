import { closeSync, fstatSync, openSync, promises as fs, readSync, renameSync, statSync, type Stats } from "node:fs";
import { dirname } from "node:path";
import { describeFsError } from "./fs-errors";
import { syncFolder, writeTempBeside } from "./atomic-write";

/** What an edit of a note's text gives: the new text, or null to leave the note as it is. */
export type NoteEdit = (content: string) => string | null;

const ATTEMPTS = 40;
/** How long an empty file is taken for an editor's truncate-then-write in progress. */
const EMPTY_GRACE_MS = 100;
/** In-place writers that opened the note just before our rename write a moment later. */
const LATE_WRITE_WINDOW_MS = 2;

/**
 * Rewrites a note as a compare-and-swap on the content it read: the new text goes to a temp file,
 * and the rename over the note happens only if the note is still exactly what was read (same
 * file, same bytes), checked right before the rename with no await in between. When someone wrote
 * meanwhile, the edit starts again on their content. An editor that opened the note before the
 * rename and writes into the replaced file a moment later is noticed through the still open
 * file, and the edit is redone on what it wrote. A note that reads empty is given a moment, as an
 * editor may be between truncating and writing it. Returns the text written, or null when the
 * edit left the note as it was.
 */
export async function updateNote(absolute: string, edit: NoteEdit, decode: (bytes: Buffer) => string): Promise<{ text: string; stats: Stats } | null> {
	let late: { bytes: Buffer; ours: Buffer } | null = null;
	for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
		const seen = await readSettled(absolute);
		const base: Buffer = late ? recovered(late, seen.bytes) : seen.bytes;
		const edited = edit(decode(base));
		if (edited === null && base === seen.bytes) return null;
		const text: string = edited ?? decode(base);
		const temp = await writeTempBeside(absolute, text, seen.stats.mode);
		let outcome: SwapOutcome;
		try {
			outcome = swapIfUnchanged(absolute, temp, seen);
			if (outcome.kind === "swapped") outcome = await lateWrite(outcome, seen.bytes);
		} finally {
			await fs.rm(temp, { force: true });
		}
		if (outcome.kind === "done") {
			await syncFolder(dirname(absolute));
			return { text, stats: outcome.stats };
		}
		late = outcome.kind === "late" ? { bytes: outcome.bytes, ours: Buffer.from(text, "utf8") } : late;
		await pause(attempt);
	}
	throw new Error("it kept changing while it was being edited (another program is writing it). It was not changed; try again");
}

/**
 * The user's text after a late write went into the file we replaced: what they wrote there, plus
 * whatever they appended to our file since. A note rewritten since is theirs as it is.
 */
function recovered(late: { bytes: Buffer; ours: Buffer }, now: Buffer): Buffer {
	if (now.equals(late.ours)) return late.bytes;
	if (now.subarray(0, late.ours.length).equals(late.ours)) return Buffer.concat([late.bytes, now.subarray(late.ours.length)]);
	return now;
}

interface Seen {
	bytes: Buffer;
	stats: Stats;
}

type SwapOutcome = { kind: "changed" } | { kind: "swapped"; fd: number; stats: Stats } | { kind: "done"; stats: Stats } | { kind: "late"; bytes: Buffer };

/** Reads the note, again while it is empty (for a moment) or changing under the read. */
async function readSettled(absolute: string): Promise<Seen> {
	const started = Date.now();
	for (let attempt = 0; ; attempt++) {
		let seen: Seen | null;
		try {
			seen = readConsistent(absolute);
		} catch (error) {
			throw new Error(describeFsError(error));
		}
		if (seen && (seen.bytes.length > 0 || Date.now() - started > EMPTY_GRACE_MS)) return seen;
		if (attempt > 1000) throw new Error("it changes too fast to be read whole");
		await pause(0);
	}
}

/** The note's bytes and stats from one open file, or null when it changed during the read. */
function readConsistent(absolute: string): Seen | null {
	const fd = openSync(absolute, "r");
	try {
		const stats = fstatSync(fd);
		const bytes = readAll(fd);
		return sameStats(stats, fstatSync(fd)) && bytes.length === stats.size ? { bytes, stats } : null;
	} finally {
		closeSync(fd);
	}
}

/** Synchronous on purpose: nothing else of ours runs between the last check and the rename. */
function swapIfUnchanged(absolute: string, temp: string, seen: Seen): SwapOutcome {
	const written = statSync(temp);
	const fd = openSync(absolute, "r");
	let keepOpen = false;
	try {
		const stats = fstatSync(fd);
		if (!sameStats(stats, seen.stats) || !readAll(fd).equals(seen.bytes)) return { kind: "changed" };
		if (!sameStats(statSync(absolute), stats)) return { kind: "changed" };
		renameSync(temp, absolute);
		keepOpen = true;
		return { kind: "swapped", fd, stats: written };
	} finally {
		if (!keepOpen) closeSync(fd);
	}
}

/** Watches the replaced file for a moment; a write into it means an editor's change went there. */
async function lateWrite(swap: Extract<SwapOutcome, { kind: "swapped" }>, read: Buffer): Promise<SwapOutcome> {
	try {
		await new Promise((resolve) => setTimeout(resolve, LATE_WRITE_WINDOW_MS));
		const now = readAll(swap.fd);
		return now.equals(read) ? { kind: "done", stats: swap.stats } : { kind: "late", bytes: now };
	} finally {
		closeSync(swap.fd);
	}
}

function readAll(fd: number): Buffer {
	const chunks: Buffer[] = [];
	let position = 0;
	for (;;) {
		const chunk = Buffer.allocUnsafe(64 * 1024);
		const read = readSync(fd, chunk, 0, chunk.length, position);
		if (read === 0) return Buffer.concat(chunks);
		chunks.push(chunk.subarray(0, read));
		position += read;
	}
}

function sameStats(a: Stats, b: Stats): boolean {
	return a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

function pause(attempt: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, 1 + Math.min(attempt, 10) + Math.random() * 3));
}
