import { clearTimeout, setTimeout } from "node:timers";
import type { VaultEventListener } from "../../core/model/vault";

/**
 * How long a delete waits for the matching create (and vice versa) before it is reported as a
 * plain delete. The watcher reports the two halves of a rename separately and in either order:
 * measured here with chokidar (the watcher before fs-watcher.ts), the create usually comes ~55 ms after the rename and the delete ~100 ms after
 * (its `atomic` delay), 27–76 ms apart even with six test processes competing for the CPU; but
 * under heavy load a gap above 150 ms was seen. A missed pairing loses a note's history, while a
 * long window only delays delete events, hence the generous value.
 */
const RENAME_WINDOW_MS = 500;

/** What stays the same when a file is renamed on one file system: the inode, and size and mtime. */
export interface FileIdentity {
	dev: number;
	ino: number;
	size: number;
	mtimeMs: number;
}

export interface Timers {
	setTimeout(callback: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
}

interface Pending {
	path: string;
	identity: FileIdentity;
	timer: unknown;
	report: () => void;
}

/**
 * Turns the watcher's add/unlink pairs into `rename` events: a delete and a create within
 * `windowMs` of each other whose files have the same device, inode, size and mtime are one
 * rename. (A new file can reuse a freed inode, but not also have the old file's size and
 * modification time.) Moves across file systems change the inode and stay delete + create.
 */
export class RenameDetector {
	private readonly identities = new Map<string, FileIdentity>();
	private readonly pathsByInode = new Map<string, string>();
	private readonly pendingDeletes = new Map<string, Pending>();
	private readonly pendingCreates = new Map<string, Pending>();

	constructor(
		private readonly emit: VaultEventListener,
		private readonly timers: Timers = {
			setTimeout: (callback, ms) => setTimeout(callback, ms),
			clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
		},
		private readonly windowMs = RENAME_WINDOW_MS,
	) {}

	/** A file that exists when watching starts, or whose content changed: remember who it is. */
	remember(path: string, identity: FileIdentity): void {
		const previous = this.identities.get(path);
		if (previous && this.pathsByInode.get(inodeKey(previous)) === path) this.pathsByInode.delete(inodeKey(previous));
		this.identities.set(path, identity);
		this.pathsByInode.set(inodeKey(identity), path);
	}

	created(path: string, identity: FileIdentity): void {
		const key = inodeKey(identity);
		const deleted = this.pendingDeletes.get(key);
		const stillKnownAs = this.pathsByInode.get(key);
		this.remember(path, identity);
		if (deleted && sameFile(deleted.identity, identity)) {
			this.settle(this.pendingDeletes, key);
			this.emit({ type: "rename", path, oldPath: deleted.path });
		} else if (stillKnownAs !== undefined && stillKnownAs !== path && this.identities.has(stillKnownAs)) {
			// The new name arrived before the old name's delete: wait for it.
			this.hold(this.pendingCreates, key, path, identity, () => this.emit({ type: "create", path }));
		} else {
			this.emit({ type: "create", path });
		}
	}

	deleted(path: string): void {
		const identity = this.identities.get(path);
		this.identities.delete(path);
		if (!identity) {
			this.emit({ type: "delete", path });
			return;
		}
		const key = inodeKey(identity);
		if (this.pathsByInode.get(key) === path) this.pathsByInode.delete(key);
		const created = this.pendingCreates.get(key);
		if (created && sameFile(created.identity, identity)) {
			this.settle(this.pendingCreates, key);
			this.pathsByInode.set(key, created.path);
			this.emit({ type: "rename", path: created.path, oldPath: path });
		} else {
			this.hold(this.pendingDeletes, key, path, identity, () => this.emit({ type: "delete", path }));
		}
	}

	/** Drops everything still waiting; no event is delivered after this. */
	dispose(): void {
		for (const pending of [...this.pendingDeletes.values(), ...this.pendingCreates.values()])
			this.timers.clearTimeout(pending.timer);
		this.pendingDeletes.clear();
		this.pendingCreates.clear();
	}

	private hold(map: Map<string, Pending>, key: string, path: string, identity: FileIdentity, report: () => void): void {
		const earlier = map.get(key);
		if (earlier) {
			// Two events for one inode within the window (hard links, a reused inode): report the first now.
			this.timers.clearTimeout(earlier.timer);
			earlier.report();
		}
		const timer = this.timers.setTimeout(() => {
			map.delete(key);
			report();
		}, this.windowMs);
		map.set(key, { path, identity, timer, report });
	}

	private settle(map: Map<string, Pending>, key: string): void {
		const pending = map.get(key);
		if (pending) this.timers.clearTimeout(pending.timer);
		map.delete(key);
	}
}

function inodeKey(identity: FileIdentity): string {
	return `${identity.dev}:${identity.ino}`;
}

/** Whether two identities are one file, unchanged. */
export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
	return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
