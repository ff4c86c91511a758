import { summarizeGraph, type GraphSummary } from "../core/graph/summary";
import type { IndexSettings } from "../core/model/index-settings";
import type { VaultPort } from "../core/model/vault";
import { VaultIndex, type IndexReport, type IndexWarning } from "../engine/vault-index";
import type { IndexStatusView } from "./index-status-bar";
import { errorMessage } from "../core/model/error-message";


/**
 * The memory index's life in the plugin: index the vault, then follow its changes until
 * `stop`, and show where it stands.
 */
export class MemoryIndexService {
	readonly index: VaultIndex;
	private building: Promise<IndexReport | null> | null = null;
	private stopped = false;
	private readonly unsubscribe: () => void;
	private markReady: () => void = () => undefined;
	private readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

	constructor(
		vault: VaultPort,
		settings: Partial<IndexSettings>,
		private readonly status: IndexStatusView,
		private readonly reportProblem: (message: string) => void,
	) {
		this.index = new VaultIndex(vault, { settings });
		this.unsubscribe = this.index.onChange(() => this.showCounts());
	}

	/** Builds the index and starts following the vault. Never rejects: failures are shown and reported. */
	start(): Promise<IndexReport | null> {
		return this.rebuild();
	}

	/** Builds the index from scratch (joining a build already running). Null when it failed or the service stopped. */
	rebuild(): Promise<IndexReport | null> {
		if (this.stopped) return Promise.resolve(null);
		this.building ??= this.buildAndFollow().finally(() => {
			this.building = null;
			this.markReady();
		});
		return this.building;
	}

	/** Settles after the first build finished (or failed), or once the service stopped. */
	whenReady(): Promise<void> {
		return this.ready;
	}

	/** Settles once a running build and every vault change received so far are applied. */
	async idle(): Promise<void> {
		await this.building;
		await this.index.idle();
	}

	summary(): { summary: GraphSummary; warnings: IndexWarning[] } {
		return { summary: summarizeGraph(this.index.graph), warnings: this.index.warnings() };
	}

	stop(): void {
		this.stopped = true;
		this.index.stop();
		this.unsubscribe();
		this.markReady();
	}

	private async buildAndFollow(): Promise<IndexReport | null> {
		try {
			this.status.showProgress(0, 0);
			// Following first is safe: the index applies changes made during the build right after it.
			this.index.start();
			const report = await this.index.build((done, total) => this.status.showProgress(done, total));
			if (this.stopped) return null;
			this.showCounts();
			return report;
		} catch (error) {
			this.index.stop();
			this.status.showFailure(errorMessage(error));
			this.reportProblem(`Causal Memory could not index the vault: ${errorMessage(error)}`);
			return null;
		}
	}

	private showCounts(): void {
		this.status.showCounts(this.index.graph.order, this.index.graph.graph.size);
	}
}
