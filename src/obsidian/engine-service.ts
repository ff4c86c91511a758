import { summarizeGraph, type GraphSummary } from "../core/graph/summary";
import { errorMessage } from "../core/model/error-message";
import type { MemoryEngine } from "../engine/memory-engine";
import type { MemoryMaintenance } from "../engine/maintenance/memory-maintenance";
import type { IndexReport, IndexWarning } from "../engine/index/vault-index";
import type { IndexStatusView } from "./index-status-bar";

/**
 * The memory engine's life in the plugin: start it (index, activity log, maintenance, following
 * the vault), rebuild the index on demand, show where it stands, save its caches when the app
 * quits, and stop it on unload.
 */
export class EngineService {
	private running: Promise<IndexReport | null> | null = null;
	private started = false;
	private stopped = false;
	private engineStopped = false;
	private readonly unsubscribe: () => void;
	private unsubscribePasses: () => void = () => undefined;
	private readonly changeListeners = new Set<() => void>();
	private markReady: () => void = () => undefined;
	private readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

	constructor(
		readonly engine: MemoryEngine,
		private readonly status: IndexStatusView,
		private readonly reportProblem: (message: string) => void,
	) {
		const unfollow = engine.index.onChange(() => {
			this.showCounts();
			this.changed();
		});
		const unwatchLock = engine.onLockLost(() => this.showCounts());
		this.unsubscribe = () => {
			unfollow();
			unwatchLock();
		};
	}

	/**
	 * Calls `listener` when what the memory view shows may have changed: the index (notes, links,
	 * written statuses), a finished pass, the engine's start, or `changed()`. Returns a function
	 * that stops it.
	 */
	onChange(listener: () => void): () => void {
		this.changeListeners.add(listener);
		return () => this.changeListeners.delete(listener);
	}

	/** How many `onChange` listeners are registered (a view that closed must leave none). */
	get changeListenerCount(): number {
		return this.changeListeners.size;
	}

	/** Tells the listeners about a change the index does not see (an undo or a proposal outside the write scope). */
	changed(): void {
		for (const listener of [...this.changeListeners]) listener();
	}

	/** Starts the engine and follows the vault. Never rejects: failures are shown and reported (null). */
	start(): Promise<IndexReport | null> {
		return this.rebuild();
	}

	/**
	 * Builds the index from scratch, joining a build already running; starts the engine instead
	 * if it has not started yet (or its start failed). Null when it failed or the service stopped.
	 */
	rebuild(): Promise<IndexReport | null> {
		if (this.stopped) return Promise.resolve(null);
		this.running ??= this.run().finally(() => {
			this.running = null;
			this.markReady();
		});
		return this.running;
	}

	/** Settles after the first start finished (or failed), or once the service stopped. */
	whenReady(): Promise<void> {
		return this.ready;
	}

	get isStarted(): boolean {
		return this.started && !this.stopped;
	}

	/** Maintenance once the engine has started, else null. */
	maintenance(): MemoryMaintenance | null {
		return this.isStarted ? this.engine.maintenance : null;
	}

	/**
	 * Makes the engine follow the settings as they are now (see MemoryEngine.applySettings); what
	 * shows the index hears of each note that leaves or joins it. Never rejects: a failure is reported.
	 */
	async applySettings(): Promise<void> {
		if (this.stopped) return;
		try {
			await this.engine.applySettings();
		} catch (error) {
			this.reportProblem(`Causal Memory could not apply the changed settings: ${errorMessage(error)}`);
		}
	}

	/** Settles once a running build and every vault change received so far are applied. */
	async idle(): Promise<void> {
		await this.running;
		await this.engine.index.idle();
	}

	summary(): { summary: GraphSummary; warnings: IndexWarning[] } {
		return { summary: summarizeGraph(this.engine.index.graph), warnings: this.engine.index.warnings() };
	}

	/** Stops following the vault at once; the engine keeps serving reads until `stop`. */
	stopFollowing(): void {
		if (this.stopped) return;
		this.stopped = true;
		this.unsubscribe();
		this.unsubscribePasses();
		this.engine.index.stop();
		this.engine.cancelStart();
		this.markReady();
	}

	/**
	 * Saves the caches now if they changed (the app is quitting and will not unload the plugin).
	 * Never rejects: a failure is reported.
	 */
	async saveCaches(): Promise<void> {
		if (!this.isStarted) return;
		try {
			await this.engine.saveCaches();
		} catch (error) {
			this.reportProblem(`Causal Memory could not save its caches: ${errorMessage(error)}`);
		}
	}

	/**
	 * Stops following the vault, lets a start in progress finish, then stops the engine (pending
	 * writes, activity log, worker).
	 */
	async stop(): Promise<void> {
		this.stopFollowing();
		await this.running;
		if (!this.engineStopped) {
			this.engineStopped = true;
			await this.engine.stop();
		}
	}

	private async run(): Promise<IndexReport | null> {
		const onProgress = (done: number, total: number): void => this.status.showProgress(done, total);
		try {
			this.status.showProgress(0, 0);
			const report = this.started
				? await this.engine.rebuild(onProgress)
				: await this.engine.start({ follow: true, onProgress });
			if (!this.started && !this.stopped) {
				const unfollowPasses = this.engine.maintenance.onPassCompleted(() => this.changed());
				const unfollowClusters = this.engine.review.onClusters(() => this.changed());
				this.unsubscribePasses = () => {
					unfollowPasses();
					unfollowClusters();
				};
			}
			this.started = true;
			if (this.stopped) return null;
			this.showCounts();
			this.changed();
			return report;
		} catch (error) {
			if (!this.started) this.engine.index.stop();
			// Unloaded meanwhile (the start gave up, e.g. waiting for the previous instance): nothing to tell.
			if (this.stopped) return null;
			this.status.showFailure(errorMessage(error));
			this.reportProblem(`Causal Memory could not index the vault: ${errorMessage(error)}`);
			return null;
		}
	}

	private showCounts(): void {
		const { graph } = this.engine.index;
		const refused = this.engine.writesRefused();
		if (refused === null) this.status.showCounts(graph.order, graph.graph.size);
		else this.status.showReadOnly(graph.order, refused);
	}
}
