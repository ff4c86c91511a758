import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { LifecycleState } from "../../core/lifecycle/state";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import type { MaintenanceSettings } from "../../core/model/maintenance-settings";
import type { VaultPort } from "../../core/model/vault";
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
 * rate-limited, keeping mtime so a status write never looks like an edit (and so never feeds
 * back into the next pass). Reconciles what the note says with what the lifecycle says, so an
 * interrupted batch simply finishes at the next pass.
 */
export class FrontmatterSync {
	/** What each note's frontmatter said (or will say once our queued write lands), to tell the user's hand edits from our own. */
	private readonly known = new Map<string, string | undefined>();
	private queue = new Map<string, StatusWrite>();
	private draining: Promise<WriteReport> | null = null;

	constructor(
		private readonly vault: VaultPort,
		private readonly graph: () => MemoryGraph,
		private readonly settings: () => MaintenanceSettings,
		private readonly timers: Timers,
	) {}

	/** Remembers what a note's frontmatter says now, e.g. at start or after the user changed it. */
	observe(path: string, status: string | undefined): void {
		this.known.set(path, status);
	}

	/** The status the note said before this change, if it differs from what it says now (a hand edit, not our write). */
	handEdit(path: string, status: string | undefined): { before: string | undefined } | null {
		if (!this.known.has(path)) {
			this.known.set(path, status);
			return null;
		}
		const before = this.known.get(path);
		if (before === status) return null;
		this.known.set(path, status);
		return { before };
	}

	forget(path: string): void {
		this.known.delete(path);
		this.queue.delete(path);
	}

	rename(from: string, to: string): void {
		if (this.known.has(from)) this.known.set(to, this.known.get(from));
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
	plan(paths: Iterable<string>, stateOf: (path: string) => LifecycleState | undefined, scope = this.effectiveScope()): {
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
	preview(stateOf: (path: string) => LifecycleState | undefined, scope: MaintenanceSettings["writeScope"]): WritePreview {
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
		const before = this.known.get(write.path);
		this.known.set(write.path, write.status);
		try {
			await this.vault.writeFrontmatter(write.path, { memory_status: write.status }, { keepMtime: true });
			report.written++;
		} catch (error) {
			this.known.set(write.path, before);
			report.failed.push({ path: write.path, message: errorMessage(error) });
		}
	}
}
