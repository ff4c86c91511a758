import { closeSync, fstatSync } from "node:fs";
import { clearInterval, setInterval } from "node:timers";

/** How long a replaced note is kept open after its update returned. */
const KEEP_MS = 2000;
/** How often the kept files are looked at (one fstat each). */
const POLL_MS = 25;

/**
 * A note's file that one of our swaps replaced, still open: what it held when we last read it and
 * what our rename put at the path instead.
 */
export interface ReplacedFile {
	fd: number;
	read: Buffer;
	ours: Buffer;
}

interface Kept extends ReplacedFile {
	size: number;
	mtimeMs: number;
	until: number;
	written: boolean;
}

/**
 * The files our note swaps replaced, kept open for two seconds after the update returned: an
 * editor that opened the note before our rename and was descheduled for longer than the update
 * watched writes into the replaced file, where nobody would read it. When a kept file changes,
 * `changed` is called with the note's path (once); the caller then updates the note under its
 * lock, and that update takes the file (`take`) and keeps what the editor wrote.
 */
export class ReplacedFiles {
	private readonly kept = new Map<string, Kept>();
	private timer: ReturnType<typeof setInterval> | null = null;

	constructor(private readonly changed: (absolute: string) => void) {}

	/** Keeps `file` open for the note at `absolute`, in place of any file kept for it before (which is closed). */
	keep(absolute: string, file: ReplacedFile): void {
		this.close(absolute);
		const stats = fstatSync(file.fd);
		this.kept.set(absolute, {
			...file,
			size: stats.size,
			mtimeMs: stats.mtimeMs,
			until: Date.now() + KEEP_MS,
			written: false,
		});
		if (this.timer === null) {
			this.timer = setInterval(() => this.poll(), POLL_MS);
			this.timer.unref();
		}
	}

	/** The file kept for the note, now the caller's to read and close; null when none is. */
	take(absolute: string): ReplacedFile | null {
		const file = this.kept.get(absolute);
		if (!file) return null;
		this.forget(absolute);
		return { fd: file.fd, read: file.read, ours: file.ours };
	}

	private poll(): void {
		const now = Date.now();
		for (const [absolute, file] of this.kept) {
			if (file.written) continue;
			if (now > file.until) {
				this.close(absolute);
				continue;
			}
			const stats = fstatSync(file.fd);
			if (stats.size === file.size && stats.mtimeMs === file.mtimeMs) continue;
			// Kept open until the caller's update takes it.
			file.written = true;
			this.changed(absolute);
		}
	}

	private close(absolute: string): void {
		const file = this.kept.get(absolute);
		if (!file) return;
		this.forget(absolute);
		closeSync(file.fd);
	}

	private forget(absolute: string): void {
		this.kept.delete(absolute);
		if (this.kept.size === 0 && this.timer !== null) {
			clearInterval(this.timer);
			this.timer = null;
		}
	}
}
