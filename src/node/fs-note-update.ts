import {
	closeSync,
	fstatSync,
	openSync,
	promises as fs,
	readdirSync,
	readSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
	type Stats,
} from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { syncFolder } from "./atomic-write";
import { setTimeout } from "node:timers";

/** What an edit of a note's text gives: the new text, or null to leave the note as it is. */
export type NoteEdit = (content: string) => string | null;

/** How long to keep trying while someone else keeps writing the note. */
const GIVE_UP_AFTER_MS = 5000;
/** An empty note is taken for an editor's truncate-then-write in progress until it has been empty this long. */
const EMPTY_FOR_REAL_MS = 2000;
/** The note must read the same twice this far apart: an editor's save in progress is not acted on. */
const SETTLE_MS = 3;
/** In-place writers that opened the note just before our rename write a moment later. */
const LATE_WRITE_WINDOW_MS = 10;
/**
 * A note written this recently before our read is being edited: its editor may have been
 * descheduled in the middle of a save (between truncating and writing, or between two writes),
 * so the replaced file is watched for longer before the write is taken as done.
 */
const BUSY_NOTE_MS = 1000;
const BUSY_LATE_WRITE_WINDOW_MS = 250;
/** How often the replaced file is read while it is watched. */
const LATE_WRITE_POLL_MS = 10;
/** A file named after the note and written this recently is an editor's save in flight (its temp or backup). */
const SAVE_IN_FLIGHT_MS = 2000;

/**
 * Rewrites a note as a compare-and-swap on the content it read. The note is read until it reads
 * the same twice a moment apart with no new file beside it, no editor's temp file named after it
 * (see saveInFlight), and is not empty unless it has been for seconds, so an editor's save in
 * progress is not acted on. Then, synchronously (nothing else of ours runs in between): read it again,
 * check it is the same file with the same bytes, write the new text to a temp file beside it and
 * rename that over the note. When someone wrote meanwhile, it starts again on their content. An
 * editor that opened the note before the rename and writes into the replaced file a moment later
 * is noticed through the still open file, and the edit is redone on what it wrote. Returns the
 * text written and the new file's stats, or null when the edit left the note as it was.
 */
export async function updateNote(
	absolute: string,
	edit: NoteEdit,
	decode: (bytes: Buffer) => string,
): Promise<{ text: string; stats: Stats } | null> {
	let late: { bytes: Buffer; ours: Buffer } | null = null;
	let previous: Seen | null = null;
	const started = Date.now();
	for (let attempt = 0; Date.now() - started < GIVE_UP_AFTER_MS; attempt++) {
		const outcome = swapIfSettled(absolute, previous, (bytes) => {
			const base = late ? recovered(late, bytes) : bytes;
			const edited = edit(decode(base));
			if (edited === null && base === bytes) return null;
			return edited ?? decode(base);
		});
		if (outcome.kind === "unchanged") return null;
		if (outcome.kind === "unsettled") {
			previous = outcome.seen;
			await sleep(SETTLE_MS);
			continue;
		}
		const result = await lateWrite(outcome);
		if (result.kind === "done") {
			await flush(absolute);
			return { text: outcome.text, stats: outcome.stats };
		}
		late = { bytes: result.bytes, ours: Buffer.from(outcome.text, "utf8") };
		previous = null;
		await sleep(Math.random() * Math.min(1 + attempt, 5));
	}
	throw new Error(
		"it kept changing while it was being edited (another program is writing it). It was not changed; try again",
	);
}

/**
 * The user's text after a late write went into the file we replaced: what they wrote there, plus
 * whatever they appended to our file since. A note rewritten since is theirs as it is.
 */
function recovered(late: { bytes: Buffer; ours: Buffer }, now: Buffer): Buffer {
	if (now.equals(late.ours)) return late.bytes;
	if (now.subarray(0, late.ours.length).equals(late.ours))
		return Buffer.concat([late.bytes, now.subarray(late.ours.length)]);
	return now;
}

/** A read of the note, and the names in its folder then (an editor saving by rename makes a new one first). */
interface Seen {
	bytes: Buffer;
	names: string;
}

type Attempt =
	| { kind: "unsettled"; seen: Seen | null }
	| { kind: "unchanged" }
	| { kind: "swapped"; fd: number; read: Buffer; text: string; stats: Stats; busy: boolean };

/** Synchronous on purpose: nothing else of ours runs between the read, the last check and the rename. */
function swapIfSettled(absolute: string, previous: Seen | null, edit: (bytes: Buffer) => string | null): Attempt {
	const listed = readdirSync(dirname(absolute));
	const names = joinedNames(listed);
	const fd = openSync(absolute, "r");
	let keepOpen = false;
	try {
		const stats = fstatSync(fd);
		const bytes = readAll(fd);
		const seen = { bytes, names };
		const emptyForReal = Date.now() - stats.mtimeMs > EMPTY_FOR_REAL_MS;
		const settled =
			previous !== null &&
			bytes.equals(previous.bytes) &&
			names === previous.names &&
			(bytes.length > 0 || emptyForReal) &&
			!saveInFlight(absolute, listed);
		if (!settled || bytes.length !== stats.size || !sameFile(fstatSync(fd), stats)) return { kind: "unsettled", seen };
		const text = edit(bytes);
		if (text === null) return { kind: "unchanged" };
		const temp = join(dirname(absolute), `.${basename(absolute)}.${randomBytes(6).toString("hex")}.tmp`);
		writeFileSync(temp, text, { encoding: "utf8", flag: "wx", mode: stats.mode & 0o7777 });
		try {
			const written = statSync(temp);
			// An editor's temp file appeared beside the note: its rename may be on its way.
			if (joinedNames(readdirSync(dirname(absolute)), basename(temp)) !== names)
				return { kind: "unsettled", seen: null };
			if (!sameFile(fstatSync(fd), stats) || !sameFile(statSync(absolute), stats))
				return { kind: "unsettled", seen: null };
			renameSync(temp, absolute);
			keepOpen = true;
			const busy = Date.now() - stats.mtimeMs < BUSY_NOTE_MS;
			return { kind: "swapped", fd, read: bytes, text, stats: written, busy };
		} finally {
			if (!keepOpen) rmSync(temp, { force: true });
		}
	} finally {
		if (!keepOpen) closeSync(fd);
	}
}

/**
 * Watches the replaced file for a moment (longer when the note was being edited); a write into it
 * means an editor's change went there. Once one is seen, it waits until the file stops changing,
 * so a save made in several writes is taken whole.
 */
async function lateWrite(
	swap: Extract<Attempt, { kind: "swapped" }>,
): Promise<{ kind: "done" } | { kind: "late"; bytes: Buffer }> {
	try {
		const window = swap.busy ? BUSY_LATE_WRITE_WINDOW_MS : LATE_WRITE_WINDOW_MS;
		const started = Date.now();
		let seen = swap.read;
		do {
			await sleep(Math.min(LATE_WRITE_POLL_MS, window));
			const now = readAll(swap.fd);
			if (!now.equals(seen)) seen = now;
			else if (seen !== swap.read) return { kind: "late", bytes: seen };
		} while (Date.now() - started < window);
		return seen === swap.read ? { kind: "done" } : { kind: "late", bytes: seen };
	} finally {
		closeSync(swap.fd);
	}
}

/** Makes the replaced note durable: its data, then the folder entry. */
async function flush(absolute: string): Promise<void> {
	const handle = await fs.open(absolute, "r").catch(() => null);
	if (handle) {
		try {
			await handle.sync();
		} finally {
			await handle.close();
		}
	}
	await syncFolder(dirname(absolute));
}

/**
 * Whether an editor is saving the note by writing a file named after it (`X.md.tmp`, `.X.md.swp`,
 * `X.md~`) and renaming that over it. Such a file can sit there across both of our reads when the
 * editor is descheduled mid-save; its rename can then land just before ours, and ours would
 * replace the user's edit. So the swap waits until the file is gone or has been left for seconds.
 */
function saveInFlight(absolute: string, listed: string[]): boolean {
	const note = basename(absolute);
	const folder = dirname(absolute);
	const now = Date.now();
	return listed.some((name) => {
		if (name === note || !(name.startsWith(note) || name.startsWith(`.${note}`))) return false;
		const stats = statSync(join(folder, name), { throwIfNoEntry: false });
		return stats !== undefined && now - stats.mtimeMs < SAVE_IN_FLIGHT_MS;
	});
}

function joinedNames(listed: string[], ours?: string): string {
	return listed
		.filter((name) => name !== ours)
		.sort()
		.join("\n");
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

function sameFile(a: Stats, b: Stats): boolean {
	return a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
