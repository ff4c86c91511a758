import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { LifecycleState } from "../../core/lifecycle/state";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import type { MaintenanceSettings } from "../../core/model/maintenance-settings";
import type { VaultFile, VaultPort } from "../../core/model/vault";
import { isInFolder } from "../../core/model/memory-paths";
import type { Timers } from "../../core/model/timers";
import { errorMessage } from "../../core/model/error-message";

/** The `memory_status` value that says a status; active is the absence of the key. */
export function frontmatterStatus(status: LifecycleStatus): string | undefined {
	return status === "active" ? undefined : status;
}

export interface StatusWrite {
	path: string;
	/** New `memory_status`; undefined removes the key. */
	status: string | undefined;
}

export interface WritePreview {
	scope: MaintenanceSettings["writeScope"];
	/** Notes whose frontmatter would change. */
	notes: number;
	/** How many notes would get each `memory_status` ("active" = key removed). */
	byStatus: Record<string, number>;
	/** Of those, notes outside the memory folder (the ones a whole-vault scope adds). */
	outsideMemoryFolder: number;
	/** A few of the notes, to show the user. */
	examples: StatusWrite[];
	/** Notes left alone because their YAML is invalid. */
	skippedInvalidYaml: string[];
}

export interface WriteReport {
	written: number;
	failed: { path: string; message: string }[];
}

/**
 * Writes `memory_status` back to notes whose status changed, and only those: notes in scope
 * (the memory folder, or the whole vault once the user has seen the preview), batched and
 * rate-limited. A status write changes the file's mtime like any write (so sync tools see it);
 * it is told from the user's edits by what it wrote, so it never counts as a use and never feeds
 * back into the next pass. Reconciles what the note says with what the lifecycle says, so an
 * interrupted batch finishes at the next pass.
 */
export class FrontmatterSync {
	/** What each note's frontmatter said when the index last read it. */
	private readonly seen = new Map<string, string | undefined>();
	/** Statuses we wrote that the index has not read back yet: seeing one is not a hand edit. */
	private readonly pending = new Map<string, string | undefined>();
	private queue = new Map<string, StatusWrite>();
	private draining: Promise<WriteReport> | null = null;

	constructor(
		private readonly vault: VaultPort,
		private readonly graph: () => MemoryGraph,
		private readonly settings: () => MaintenanceSettings,
		private readonly timers: Timers,
		/** Told the file each landed write left (its new mtime). */
		private readonly onWritten: (path: string, file: VaultFile) => void,
	) {}

	/** Remembers what a note's frontmatter says now, e.g. at start. */
	observe(path: string, status: string | undefined): void {
		this.seen.set(path, status);
	}

	/**
	 * Called with what the note says each time the index reads it, in the order it read them.
	 * Returns the status it said before when this is a change by someone else (a hand edit),
	 * null when nothing changed or the change is our own write coming back.
	 */
	handEdit(path: string, status: string | undefined): { before: string | undefined } | null {
		const ours = this.pending.has(path) && this.pending.get(path) === status;
		if (!this.seen.has(path) || this.seen.get(path) === status || ours) {
			this.seen.set(path, status);
			if (ours) this.pending.delete(path);
			return null;
		}
		const before = this.seen.get(path);
		this.seen.set(path, status);
		this.pending.delete(path);
		return { before };
	}

	forget(path: string): void {
		this.seen.delete(path);
		this.pending.delete(path);
		this.queue.delete(path);
	}

	rename(from: string, to: string): void {
		if (this.seen.has(from)) this.seen.set(to, this.seen.get(from));
		if (this.pending.has(from)) this.pending.set(to, this.pending.get(from));
		this.forget(from);
	}

	inScope(path: string, scope = this.effectiveScope()): boolean {
		return scope === "vault" || isInFolder(path, this.settings().memoryFolder);
	}

	/** The scope writes go to now: the whole vault only once the user has confirmed it. */
	effectiveScope(): MaintenanceSettings["writeScope"] {
		const { writeScope, vaultWritesConfirmed } = this.settings();
		return writeScope === "vault" && vaultWritesConfirmed ? "vault" : "memory-folder";
	}

	/** Writes needed so that the notes' frontmatter says what the lifecycle says. */
	plan(
		paths: Iterable<string>,
		stateOf: (path: string) => LifecycleState | undefined,
		scope = this.effectiveScope(),
	): {
		writes: StatusWrite[];
		invalidYaml: string[];
	} {
		const graph = this.graph();
		const writes: StatusWrite[] = [];
		const invalidYaml: string[] = [];
		for (const path of paths) {
			const node = graph.node(path);
			const state = stateOf(path);
			if (!node || !state || !this.inScope(path, scope)) continue;
			const wanted = frontmatterStatus(state.status);
			if (node.memory.status === wanted) continue;
			if (node.frontmatterError !== undefined) invalidYaml.push(path);
			else writes.push({ path, status: wanted });
		}
		return { writes, invalidYaml };
	}

	/** What a write pass in `scope` would change, without writing anything. */
	preview(
		stateOf: (path: string) => LifecycleState | undefined,
		scope: MaintenanceSettings["writeScope"],
	): WritePreview {
		const { writes, invalidYaml } = this.plan(this.graph().notePaths(), stateOf, scope);
		const byStatus: Record<string, number> = {};
		for (const write of writes) byStatus[write.status ?? "active"] = (byStatus[write.status ?? "active"] ?? 0) + 1;
		const folder = this.settings().memoryFolder;
		return {
			scope,
			notes: writes.length,
			byStatus,
			outsideMemoryFolder: writes.filter((w) => !isInFolder(w.path, folder)).length,
			examples: writes.slice(0, 10),
			skippedInvalidYaml: invalidYaml,
		};
	}

	/** Queues writes (a newer write for the same note replaces an older one) and drains the queue. */
	write(writes: StatusWrite[]): Promise<WriteReport> {
		for (const write of writes) this.queue.set(write.path, write);
		this.draining ??= this.drain().finally(() => {
			this.draining = null;
			// Writes queued while the last drain was finishing are not left behind.
			if (this.queue.size > 0) void this.write([]);
		});
		return this.draining;
	}

	/** Resolves when every queued write has been attempted. */
	async idle(): Promise<void> {
		while (this.draining) await this.draining;
	}

	private async drain(): Promise<WriteReport> {
		const report: WriteReport = { written: 0, failed: [] };
		const batch = Math.max(1, Math.floor(this.settings().writesPerSecond));
		const pause = (1000 * batch) / this.settings().writesPerSecond;
		while (this.queue.size > 0) {
			const writes = [...this.queue.values()].slice(0, batch);
			for (const write of writes) {
				this.queue.delete(write.path);
				await this.writeOne(write, report);
			}
			if (this.queue.size > 0) await new Promise<void>((resolve) => this.timers.setTimeout(resolve, pause));
		}
		return report;
	}

	private async writeOne(write: StatusWrite, report: WriteReport): Promise<void> {
		this.pending.set(write.path, write.status);
		try {
			const file = await this.vault.writeFrontmatter(write.path, { memory_status: write.status });
			if (file) {
				this.onWritten(write.path, file);
				report.written++;
			}
		} catch (error) {
			this.pending.delete(write.path);
			report.failed.push({ path: write.path, message: errorMessage(error) });
		}
	}
}
