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
import { basename, dirname, join } from "node:path";
import { syncFolder, tempPathBeside } from "./atomic-write";
import type { ReplacedFile, ReplacedFiles } from "./fs-vault-replaced-files";
import { setTimeout } from "node:timers";

/** What an edit of a note's text gives: the new text, or null to leave the note as it is. */
export type NoteEdit = (content: string) => string | null;

/** How long to keep trying while someone else keeps writing the note. */
const GIVE_UP_AFTER_MS = 5000;
/** Longer when giving up would lose what an editor wrote into a file we replaced. */
const GIVE_UP_CARRYING_MS = 30_000;
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

/** The replaced file is watched at most this long while someone keeps writing into it. */
const LATE_WRITE_LIMIT_MS = 5000;

/**
 * Rewrites a note as a compare-and-swap on the content it read. The note is read until it reads
 * the same twice a moment apart with no new file beside it, no editor's temp file named after it
 * (see saveInFlight), and is not empty unless it has been for seconds, so an editor's save in
 * progress is not acted on. Then, synchronously (nothing else of ours runs in between): read it again,
 * check it is the same file with the same bytes, write the new text to a temp file beside it and
 * rename that over the note. When someone wrote meanwhile, it starts again on their content. An
 * editor that opened the note before the rename and writes into the replaced file a moment later
 * is noticed through the still open file, and the edit is redone on the user's text with what it
 * wrote (see Carried). With `replaced`, the file the last swap replaced stays open there for
 * seconds more, and the next update of the note (the caller's repair when that file is written
 * into, or its next edit) starts by keeping what an editor wrote into it. `lately` is the note's
 * text as last loaded, if known: a note holding a strict start of it is a save in progress. Returns the text written
 * and the new file's stats, or null when the edit left the note as it was.
 */
export async function updateNote(
	absolute: string,
	edit: NoteEdit,
	decode: (bytes: Buffer) => string,
	replaced?: ReplacedFiles,
	lately: Buffer | null = null,
): Promise<{ text: string; stats: Stats } | null> {
	const kept = replaced?.take(absolute);
	let carried = kept ? await lateIntoKept(kept) : null;
	// The fullest text known to have been at the path lately: a strict start of it is a save in progress.
	let before = fuller(kept ? kept.ours : null, lately);
	let previous: Seen | null = null;
	const started = Date.now();
	for (let attempt = 0; Date.now() - started < (carried ? GIVE_UP_CARRYING_MS : GIVE_UP_AFTER_MS); attempt++) {
		const outcome = swapIfSettled(absolute, previous, carried, before, (base, bytes) => {
			const edited = edit(decode(base));
			if (edited === null && base.equals(bytes)) return null;
			return edited ?? decode(base);
		});
		if (outcome.kind === "unchanged") return null;
		if (outcome.kind === "unsettled") {
			previous = outcome.seen;
			if (previous && !(before && isStrictStart(previous.bytes, before))) before = previous.bytes;
			await sleep(SETTLE_MS);
			continue;
		}
		const late = await lateWrite({
			...outcome,
			window: outcome.busy ? BUSY_LATE_WRITE_WINDOW_MS : LATE_WRITE_WINDOW_MS,
		});
		if (late === null) {
			if (replaced) replaced.keep(absolute, { fd: outcome.fd, read: outcome.read, ours: Buffer.from(outcome.text) });
			else closeSync(outcome.fd);
			await flush(absolute);
			return { text: outcome.text, stats: outcome.stats };
		}
		closeSync(outcome.fd);
		carried = carry(carried, outcome.read, outcome.base, Buffer.from(outcome.text, "utf8"), late);
		previous = null;
		await sleep(Math.random() * Math.min(1 + attempt, 5));
	}
	throw new Error(
		"it kept changing while it was being edited (another program is writing it). It was not changed; try again",
	);
}

/**
 * What the user wrote, as far as late writes have shown it, when the next swap must keep it:
 * their text (without our edit), the text our last rename put at the path, and what each late
 * write added to the file it landed in. Late writes can land after several swaps of one update
 * (an editor that opened our own first file before the redo replaced it), so each is added to
 * the user's text carried so far, never to the bytes of the file it landed in alone: those lack
 * what earlier late writes put elsewhere.
 */
interface Carried {
	user: Buffer;
	ours: Buffer;
	added: Buffer[];
}

/**
 * The user's text after a late write into the file a swap replaced: the swap read `read` there,
 * made its edit on the user's text `base`, and wrote `ours`.
 */
function carry(previous: Carried | null, read: Buffer, base: Buffer, ours: Buffer, late: Buffer): Carried {
	const added = previous?.added ?? [];
	if (startsWith(late, read)) {
		const suffix = late.subarray(read.length);
		return { user: Buffer.concat([base, suffix]), ours, added: [...added, suffix] };
	}
	// They rewrote the file there as a whole: that is their text, with what they added before it.
	return { user: withAdded(late, added), ours, added };
}

/**
 * The user's text to edit when the note now reads `now`: the carried text plus whatever was
 * appended to our file since; a file the user rewrote since is theirs as it is, with what late
 * writes added if it lacks that. "in progress" when `now` is a strict start of our file (empty,
 * or a part of it): an editor truncated it and has not yet written the rest.
 */
function userText(carried: Carried, now: Buffer): Buffer | "in progress" {
	if (startsWith(now, carried.ours)) return Buffer.concat([carried.user, now.subarray(carried.ours.length)]);
	if (startsWith(carried.ours, now)) return "in progress";
	return withAdded(now, carried.added);
}

/**
 * What an editor wrote into a file kept open after an earlier update returned, carried so that
 * this update keeps it. That update's edit is in our file already, so the user's text is ours
 * plus what they added; a file they rewrote as a whole there is theirs, without that edit.
 */
async function lateIntoKept(kept: ReplacedFile): Promise<Carried | null> {
	const late = await lateWrite({ fd: kept.fd, read: kept.read, window: 0 });
	closeSync(kept.fd);
	return late === null ? null : carry(null, kept.read, kept.ours, kept.ours, late);
}

function withAdded(text: Buffer, added: Buffer[]): Buffer {
	const missing = added.filter((part) => part.length > 0 && !text.includes(part));
	return missing.length === 0 ? text : Buffer.concat([text, ...missing]);
}

/** Of two texts of the note, the one the other is a strict start of; else the second (the fresher). */
function fuller(a: Buffer | null, b: Buffer | null): Buffer | null {
	if (a && b && isStrictStart(b, a)) return a;
	return b ?? a;
}

function isStrictStart(bytes: Buffer, of: Buffer): boolean {
	return bytes.length < of.length && startsWith(of, bytes);
}

function startsWith(bytes: Buffer, start: Buffer): boolean {
	return bytes.length >= start.length && bytes.subarray(0, start.length).equals(start);
}

/** A read of the note, and the names in its folder then (an editor saving by rename makes a new one first). */
interface Seen {
	bytes: Buffer;
	names: string;
}

/** A swap done: the file it replaced (still open), what was read there, the user's text the edit was made on, what was written. */
interface Swapped {
	kind: "swapped";
	fd: number;
	read: Buffer;
	base: Buffer;
	text: string;
	stats: Stats;
	busy: boolean;
}

type Attempt = { kind: "unsettled"; seen: Seen | null } | { kind: "unchanged" } | Swapped;

/**
 * Synchronous on purpose: nothing else of ours runs between the read, the last check and the
 * rename. A note that is empty, or holds a strict start of `before` (what was there a moment
 * ago), is an in-place save in progress (truncated, the rest not written yet) and is not acted on
 * until it changes or has been left so for seconds: a swap made on it would show every reader,
 * the user's own editor too, half a note.
 */
function swapIfSettled(
	absolute: string,
	previous: Seen | null,
	carried: Carried | null,
	before: Buffer | null,
	edit: (base: Buffer, bytes: Buffer) => string | null,
): Attempt {
	const listed = readdirSync(dirname(absolute));
	const names = joinedNames(listed);
	const fd = openSync(absolute, "r");
	let keepOpen = false;
	try {
		const stats = fstatSync(fd);
		const bytes = readAll(fd);
		const seen = { bytes, names };
		const base = carried
			? userText(carried, bytes)
			: bytes.length === 0 || (before && isStrictStart(bytes, before))
				? "in progress"
				: bytes;
		const quietForReal = Date.now() - stats.mtimeMs > EMPTY_FOR_REAL_MS;
		const settled =
			previous !== null &&
			bytes.equals(previous.bytes) &&
			names === previous.names &&
			(base !== "in progress" || quietForReal) &&
			!saveInFlight(absolute, listed);
		if (!settled || bytes.length !== stats.size || !sameFile(fstatSync(fd), stats)) return { kind: "unsettled", seen };
		const user = base !== "in progress" ? base : carried ? withAdded(bytes, carried.added) : bytes;
		const text = edit(user, bytes);
		if (text === null) return { kind: "unchanged" };
		const temp = tempPathBeside(absolute);
		writeFileSync(temp, text, { encoding: "utf8", flag: "wx", mode: stats.mode & 0o7777 });
		try {
			const written = statSync(temp);
			if (!sameFile(fstatSync(fd), stats) || !sameFile(statSync(absolute), stats))
				return { kind: "unsettled", seen: null };
			// Last before the rename: an editor's temp file appeared beside the note, its rename may be
			// on its way. A rename-style save is lost only if its temp file is made and renamed in the
			// one gap between this listing and our rename.
			if (joinedNames(readdirSync(dirname(absolute)), basename(temp)) !== names)
				return { kind: "unsettled", seen: null };
			renameSync(temp, absolute);
			keepOpen = true;
			const busy = Date.now() - stats.mtimeMs < BUSY_NOTE_MS;
			return { kind: "swapped", fd, read: bytes, base: user, text, stats: written, busy };
		} finally {
			if (!keepOpen) rmSync(temp, { force: true });
		}
	} finally {
		if (!keepOpen) closeSync(fd);
	}
}

/**
 * Watches the replaced file for a moment (longer when the note was being edited) and returns
 * what an editor wrote into it, or null when nothing was. Once a write shows, it waits until the
 * file stops changing, so a save made in several writes is taken whole; and while the file holds
 * only a strict start of what we read (truncated, the rest not yet written), it waits for the
 * rest until the file has been left so for seconds.
 */
async function lateWrite(swap: { fd: number; read: Buffer; window: number }): Promise<Buffer | null> {
	const started = Date.now();
	let seen = swap.read;
	for (let poll = 0; ; poll++) {
		await sleep(poll === 0 ? Math.min(LATE_WRITE_POLL_MS, swap.window) : LATE_WRITE_POLL_MS);
		const now = readAll(swap.fd);
		const changed = !now.equals(seen);
		seen = now;
		const elapsed = Date.now() - started;
		if (elapsed > LATE_WRITE_LIMIT_MS) return seen.equals(swap.read) ? null : seen;
		if (changed) continue;
		if (seen.equals(swap.read)) {
			if (elapsed >= swap.window) return null;
			continue;
		}
		const truncated = startsWith(swap.read, seen);
		if (!truncated || Date.now() - fstatSync(swap.fd).mtimeMs > EMPTY_FOR_REAL_MS) return seen;
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
