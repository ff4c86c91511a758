import type { MemorySettings } from "../core/model/settings";
import { AutomaticRecalls } from "./inspector/automatic-recalls";
import type { CacheStore } from "../core/model/cache-store";
import type { StoragePort } from "../core/model/storage-port";
import type { VaultPort } from "../core/model/vault";
import type { MaintenanceWorker } from "../core/maintenance/maintenance-worker-port";
import { errorMessage } from "../core/model/error-message";
import { MemoryError, RetryLaterError } from "../core/model/memory-error";
import type { Embedder } from "../core/model/embedder";
import { ActivityStore } from "./activity/activity-store";
import { deviceStorage } from "./activity/device-storage";
import { lockTakenError, WriterLock, type LockIdentity } from "./activity/writer-lock";
import { gatedCaches, gatedStorage, gatedVault } from "./activity/lock-gated-ports";
import type { LockHolder } from "../core/activity/writer-lock";
import { EmbeddingCache } from "./embeddings/embedding-cache";
import type { EmbeddingProgress } from "./embeddings/embedding-queue";
import { CacheSaver, type CacheSaveTiming } from "./recall/cache-saver";
import { readKeywordCache, saveKeywordCache } from "./recall/keyword-cache";
import { NoteDigests } from "./index/note-digests";
import { readNoteDigestCache, saveNoteDigestCache } from "./index/note-digest-cache";
import { NoteEmbeddings } from "./embeddings/note-embeddings";
import { engineRecallService } from "./recall/engine-recall";
import { MemoryInspector } from "./inspector/memory-inspector";
import { MemoryMaintenance } from "./maintenance/memory-maintenance";
import { MemoryPermissions } from "../core/permissions/memory-permissions";
import { MemoryWriter } from "./writer/memory-writer";
import type { RecallService } from "./recall/recall-service";
import type { RecallOptions, RecallResult, SearchFilters, SearchHit } from "../core/recall/recall-types";
import { yieldToEventLoop, type Timers } from "../core/model/timers";
import { VaultIndex, type IndexReport, type ProgressListener } from "./index/vault-index";
import { readMemory, type MemoryRecord } from "./inspector/memory-reader";
import { settingsEffects } from "./settings/settings-effects";
import { findMemoryClusters, type ClusterQuery, type ClusterReport } from "./consolidation/memory-clusters";
import { ConsolidationJournal } from "./consolidation/consolidation-journal";
import {
	MemoryConsolidator,
	type ConsolidateAccess,
	type ConsolidateInput,
	type ConsolidateResult,
	type ExtractiveDraft,
	type UndoConsolidationResult,
} from "./consolidation/memory-consolidator";

/** The user (the app, the CLI): every indexed note, and no MCP write folders to respect. */
const AS_USER: ConsolidateAccess = { include: () => true, checkWrites: false };
import { chainCanvasFile, type ChainCanvasFile } from "./inspector/chain-canvas-file";
import { NotRelatedPairs } from "./inspector/not-related-pairs";
import { RelatedMemories, type RelatedMemory } from "./inspector/related-memories";
import { MemoryReview } from "./review/memory-review";
import { ReviewStore } from "./review/review-store";
import type { IndexSettings } from "../core/model/index-settings";
import type { MaintenanceSettings } from "../core/model/maintenance-settings";
import type { MemoryGraph } from "../core/graph/memory-graph";
import { noteOverview, type NoteOverview } from "./inspector/note-overview";
import { vaultOverview, type OverviewLimits, type VaultOverview } from "./inspector/vault-overview";

/** A vault's memory graph read once (MemoryEngine.readGraph) and how the read went. */
export interface GraphRead {
	graph: MemoryGraph;
	report: IndexReport;
}

/** A scoring change re-scores this long after the last one (a slider in the settings tab changes it many times). */
const RESCORE_DELAY_MS = 1500;

/** How long a write that arrives while the vault is being indexed waits for it (default). */
const DEFAULT_WRITE_WAIT_MS = 30_000;

/** Where versions before the CacheStore kept the keyword index: in the synced state folder. */
const LEGACY_KEYWORD_CACHE_FILE = "keyword-index.json";

export interface MemoryEngineDeps {
	vault: VaultPort;
	/** The plugin's own folder (activity log, lifecycle cache). */
	storage: StoragePort;
	/**
	 * This device's id: names the activity log and the caches it writes in `storage`, which sync
	 * tools may share with other devices (docs/maintenance.md, "Sync and several devices").
	 * Default: the names of a single-device store.
	 */
	deviceId?: string;
	/**
	 * Where the keyword index is cached between runs: outside the vault, on this machine only
	 * (IndexedDB in Obsidian, the local state folder headless). Without it every start indexes
	 * every note.
	 */
	caches?: CacheStore;
	/** When the keyword cache is saved in the background (default DEFAULT_CACHE_SAVE_TIMING: 30 s quiet, at most every 5 min). */
	cacheSaveTiming?: CacheSaveTiming;
	/**
	 * Taken in `storage` before anything is opened, so a second process on the vault refuses to
	 * start; every write of the engine waits for it to be still held. Without it no lock is taken.
	 */
	lock?: LockIdentity;
	/** How long a write that arrives while the vault is being indexed waits for the index (default DEFAULT_WRITE_WAIT_MS). */
	writeWaitMs?: number;
	worker: MaintenanceWorker;
	timers: Timers;
	clock: () => number;
	settings: () => MemorySettings;
	/** Saves changed settings; without it the engine cannot change them (set_core_preferences refuses). */
	updateSettings?: (change: (settings: MemorySettings) => MemorySettings) => Promise<void>;
	warn: (message: string) => void;
}

/**
 * The memory engine as hosts see it (the Obsidian plugin, the headless CLI and server): the vault
 * index, the activity log and maintenance, started and stopped together.
 */
export class MemoryEngine {
	readonly index: VaultIndex;
	readonly recallService: RecallService;
	/** Read-only views: explain, traverse, stats, core memories. */
	readonly inspector: MemoryInspector;
	/** What MCP clients may read and write (settings mcp.readFolders / writeFolders). */
	readonly permissions: MemoryPermissions;
	/** Store, amend, link, pin, unpin, delete, core preferences; usable once started. */
	readonly writer: MemoryWriter;
	/** Summaries made of several memories, and their undo (docs/consolidation.md). */
	readonly consolidator: MemoryConsolidator;
	/** The settings as they are now (the MCP resource of the Claude Code hooks reads its group). */
	readonly settings: () => MemorySettings;
	/** What the Claude Code hooks reported showing Claude, for the memory view. */
	readonly automaticRecalls = new AutomaticRecalls();
	private readonly related: RelatedMemories;
	private activityStore: ActivityStore | null = null;
	private writerLock: WriterLock | null = null;
	/** Per-device caches: never shared with other devices through sync. */
	private readonly deviceFiles: StoragePort;
	private maintenanceService: MemoryMaintenance | null = null;
	private reviewService: MemoryReview | null = null;
	private embeddings: { notes: NoteEmbeddings; cache: EmbeddingCache } | null = null;
	/** Saves the keyword cache when the index settles, on `saveCaches` and on stop; null without `caches`. */
	private readonly keywordSaver: CacheSaver | null;
	/** What the index derived from each note, so a start reads only changed notes; null without `caches`. */
	private readonly digests: NoteDigests | null;
	/** Saves the note digests like `keywordSaver` the keyword index. */
	private readonly digestSaver: CacheSaver | null;
	private built = false;
	private starting = false;
	private stopped = false;
	/** Settles when `start` has finished (resolved) or failed (rejected): writes that came early wait for it. */
	private readonly started: Promise<void>;
	private settleStart: { resolve: () => void; reject: (error: unknown) => void } | null = null;
	private readonly deps: MemoryEngineDeps;
	/** The state folder without the lock's gate: the lock file itself is written through it. */
	private readonly lockStorage: StoragePort;
	private readonly lockLostListeners = new Set<() => void>();
	/** The settings `applySettings` last followed. */
	private applied: MemorySettings;
	/** One re-index for the settings changes made while it waits (see `applySettings`). */
	private settingsReindex: Promise<void> | null = null;
	private rescoreTimer: unknown = undefined;

	constructor(hostDeps: MemoryEngineDeps) {
		this.settings = hostDeps.settings;
		this.lockStorage = hostDeps.storage;
		const gate = (): Promise<void> => this.writerLock?.assertHeld() ?? Promise.resolve();
		const deps: MemoryEngineDeps = hostDeps.lock
			? {
					...hostDeps,
					vault: gatedVault(hostDeps.vault, gate),
					storage: gatedStorage(hostDeps.storage, gate),
					caches: hostDeps.caches && gatedCaches(hostDeps.caches, gate),
				}
			: hostDeps;
		this.deps = deps;
		this.started = new Promise<void>((resolve, reject) => (this.settleStart = { resolve, reject }));
		// A start that fails rejects its own caller; writes waiting for it are told separately.
		this.started.catch(() => undefined);
		this.deviceFiles = deviceStorage(deps.storage, deps.deviceId ?? "");
		this.recallService = engineRecallService({
			vault: deps.vault,
			clock: deps.clock,
			activity: () => this.activityStore,
			mayWrite: () => this.mayWrite(),
			maintenance: () => this.maintenanceService,
			settings: deps.settings,
			worker: deps.worker,
			timers: deps.timers,
		});
		const caches = deps.caches;
		const digests = caches ? new NoteDigests(this.recallService, () => this.index.settings.edgeKeys) : null;
		this.digests = digests;
		const recallLoaded = this.recallService.noteLoaded;
		this.index = new VaultIndex(deps.vault, {
			settings: deps.settings().index,
			onLoaded: digests
				? (note, created) => {
						recallLoaded(note);
						digests.noteLoaded(note, created);
					}
				: recallLoaded,
			cached: digests?.take,
			knownCreation: digests?.knownCreation,
			timers: deps.timers,
		});
		this.recallService.attach(this.index);
		digests?.follow(this.index);
		this.keywordSaver = caches
			? new CacheSaver({
					version: () => this.recallService.keywordVersion,
					save: () => saveKeywordCache(caches, this.recallService.keyword, () => yieldToEventLoop(deps.timers)),
					timers: deps.timers,
					clock: deps.clock,
					timing: deps.cacheSaveTiming,
					warn: (message) => deps.warn(`could not save the keyword index cache: ${message}`),
				})
			: null;
		this.digestSaver =
			caches && digests
				? new CacheSaver({
						version: () => digests.version,
						save: () => saveNoteDigestCache(caches, digests.digests(this.index), () => yieldToEventLoop(deps.timers)),
						timers: deps.timers,
						clock: deps.clock,
						timing: deps.cacheSaveTiming,
						warn: (message) => deps.warn(`could not save the note digest cache: ${message}`),
					})
				: null;
		this.inspector = new MemoryInspector({
			index: this.index,
			activity: () => this.activity,
			maintenance: () => this.maintenance,
			pendingEmbeddings: () => this.recallService.noteEmbeddings?.pending ?? 0,
			scoring: () => deps.settings().scoring,
			clock: deps.clock,
		});
		this.permissions = new MemoryPermissions(
			() => ({
				mcp: deps.settings().mcp,
				memoryFolder: deps.settings().maintenance.memoryFolder,
				excludedFolders: this.index.settings.excludedFolders,
			}),
			(path) => this.index.holdsMemory(path),
		);
		this.writer = new MemoryWriter({
			...deps,
			writable: () => this.writable(),
			index: this.index,
			recall: this.recallService,
			maintenance: () => this.maintenance,
			permissions: this.permissions,
			removal: (path, include) => this.inspector.removal(path, include),
		});
		this.consolidator = new MemoryConsolidator({
			vault: deps.vault,
			index: this.index,
			recall: this.recallService,
			writer: this.writer,
			permissions: this.permissions,
			journal: new ConsolidationJournal(this.deviceFiles, deps.warn),
			settings: deps.settings,
			clock: deps.clock,
		});
		this.related = new RelatedMemories({
			index: this.index,
			recall: this.recallService,
			notRelated: new NotRelatedPairs(this.deviceFiles, deps.warn),
			read: (path) => deps.vault.read(path),
			timers: deps.timers,
		});
		this.applied = deps.settings();
	}

	get activity(): ActivityStore {
		if (!this.activityStore) throw this.notStarted();
		return this.activityStore;
	}

	get maintenance(): MemoryMaintenance {
		if (!this.maintenanceService) throw this.notStarted();
		return this.maintenanceService;
	}

	/** The review queues (at risk, beliefs in question, relationship proposals) and their actions; usable once started. */
	get review(): MemoryReview {
		if (!this.reviewService) throw this.notStarted();
		return this.reviewService;
	}

	/** Whether `start` has finished: everything is usable, not only recall and search. */
	get ready(): boolean {
		return this.maintenanceService !== null;
	}

	/** The process that took this engine's writer lock over, or null while it holds it (or has none): writes are refused then. */
	get lockLostTo(): LockHolder | null {
		return this.writerLock?.lostTo ?? null;
	}

	/** Calls `listener` once another process has taken this engine's writer lock over; returns the function that stops it. */
	onLockLost(listener: () => void): () => void {
		this.lockLostListeners.add(listener);
		return () => this.lockLostListeners.delete(listener);
	}

	/** Why writes are refused (another process took the writer lock over), or null when they are not. */
	writesRefused(): string | null {
		const holder = this.lockLostTo;
		return holder ? lockTakenError(holder).message : null;
	}

	/**
	 * Resolves when a write may go ahead: once the engine has started (a write that arrives while
	 * the vault is being indexed waits for it, at most `writeWaitMs`) and while this process still
	 * holds the writer lock. Rejects with a RetryLaterError otherwise; nothing has been written then.
	 */
	async writable(): Promise<void> {
		if (!this.ready) await this.untilStarted();
		await this.writerLock?.assertHeld();
	}

	/** Whether this process still holds the writer lock (or has none): uses are recorded only then. */
	private mayWrite(): Promise<boolean> {
		return (
			this.writerLock?.assertHeld().then(
				() => true,
				() => false,
			) ?? Promise.resolve(true)
		);
	}

	private async untilStarted(): Promise<void> {
		if (!this.starting) throw this.notStarted();
		const { timers } = this.deps;
		let timer: unknown = null;
		const timedOut = new Promise<never>((_resolve, reject) => {
			timer = timers.setTimeout(() => reject(this.notStarted()), this.deps.writeWaitMs ?? DEFAULT_WRITE_WAIT_MS);
		});
		try {
			await Promise.race([this.started, timedOut]);
		} catch (error) {
			if (error instanceof MemoryError) throw error;
			throw new MemoryError(`The memory engine could not start (${errorMessage(error)}); nothing was written.`);
		} finally {
			timers.clearTimeout(timer);
		}
	}

	private notStarted(): Error {
		if (!this.starting) return new Error("The memory engine has not been started.");
		const progress = this.index.partial;
		const read = progress ? ` (${progress.done} of ${progress.total} notes read)` : "";
		return new RetryLaterError(
			`The memory engine is still indexing the vault${read}; recall and search answer meanwhile, retry this in a few seconds.`,
		);
	}

	/**
	 * Indexes the vault, opens the activity log and loads lifecycle state. With `follow`, keeps
	 * following vault changes and runs maintenance passes on the interval until `stop`.
	 */
	async start(options: { follow: boolean; onProgress?: ProgressListener }): Promise<IndexReport> {
		this.starting = true;
		try {
			const report = await this.startNow(options);
			this.settleStart?.resolve();
			return report;
		} catch (error) {
			this.settleStart?.reject(error);
			throw error;
		}
	}

	private async startNow(options: { follow: boolean; onProgress?: ProgressListener }): Promise<IndexReport> {
		const { deps } = this;
		await this.acquireLock();
		if (await this.adoptKeywordCache()) await this.adoptNoteDigests();
		this.throwIfStopped();
		if (options.follow) this.index.start();
		const report = await this.index.build(options.onProgress);
		this.digests?.forgetUntaken();
		this.throwIfStopped();
		await this.recallService.settleAfterBuild(deps.timers);
		this.built = true;
		await this.updateCommunities();
		this.throwIfStopped();
		const activityStore = await ActivityStore.open(deps.storage, { clock: deps.clock, device: deps.deviceId });
		if (this.stopped) {
			await activityStore.close();
			this.throwIfStopped();
		}
		this.activityStore = activityStore;
		for (const warning of this.activityStore.warnings) deps.warn(`activity log ${warning.file}: ${warning.message}`);
		this.maintenanceService = await MemoryMaintenance.open({
			vault: deps.vault,
			index: this.index,
			activity: this.activityStore,
			storage: this.deviceFiles,
			worker: deps.worker,
			timers: deps.timers,
			clock: deps.clock,
			settings: () => deps.settings(),
			warn: deps.warn,
		});
		this.maintenanceService.onPassCompleted(() => void this.updateCommunities());
		this.reviewService = new MemoryReview({
			index: this.index,
			recall: this.recallService,
			activity: this.activityStore,
			maintenance: this.maintenanceService,
			writer: this.writer,
			store: await ReviewStore.open(this.deviceFiles, deps.warn),
			settings: deps.settings,
			clock: deps.clock,
			writable: () => this.writable(),
			clusters: (query) => this.clusters(query),
		});
		this.throwIfStopped();
		if (options.follow) this.maintenanceService.start();
		if (options.follow) for (const saver of this.savers()) saver.start();
		return report;
	}

	/**
	 * Takes the writer lock (when the host gave a lock identity); `start` does it first anyway.
	 * A host calls it on its own to be refused before it opens anything, e.g. a server's port.
	 */
	async acquireLock(): Promise<void> {
		const { deps } = this;
		if (!deps.lock || this.writerLock) return;
		this.writerLock = await WriterLock.acquire(this.lockStorage, deps.lock, { ...deps, cancelled: () => this.stopped });
		this.writerLock.onLost(() => {
			for (const listener of this.lockLostListeners) listener();
			void this.stopWriting();
		});
	}

	/**
	 * Another process took the writer lock over: maintenance and the cache savers stop here (the
	 * gated ports refuse their writes anyway); recall goes on answering, without reactivating.
	 */
	private async stopWriting(): Promise<void> {
		for (const saver of this.savers()) await saver.stop();
		await this.maintenanceService
			?.stop()
			.catch((error: unknown) => this.deps.warn(`maintenance stopped with an error: ${errorMessage(error)}`));
	}

	/** Indexes the vault again from scratch (following goes on) and recomputes the communities. */
	async rebuild(onProgress?: ProgressListener): Promise<IndexReport> {
		const report = await this.recallService.reindex(() => this.index.build(onProgress));
		await this.recallService.settleAfterBuild(this.deps.timers);
		await this.updateCommunities();
		return report;
	}

	/**
	 * Starts semantic recall with a loaded model: vectors come from the model's cache or are
	 * computed in the background for every indexed note; recall uses whatever is ready.
	 */
	async useEmbedder(embedder: Embedder, onProgress?: (progress: EmbeddingProgress) => void): Promise<void> {
		const { deps } = this;
		const cache = await EmbeddingCache.open(this.deviceFiles, {
			modelId: embedder.modelId,
			dimensions: embedder.dimensions,
			onWarning: (warning) => deps.warn(`embedding cache ${warning.file}: ${warning.message}`),
		});
		const embeddings = new NoteEmbeddings({
			embedder,
			cache,
			timers: deps.timers,
			onProgress,
			onError: (error) => deps.warn(`embedding failed, semantic recall paused: ${errorMessage(error)}`),
		});
		this.embeddings = { notes: embeddings, cache };
		this.recallService.useEmbeddings(embeddings);
		for (const path of this.index.graph.notePaths()) {
			const note = await deps.vault.load(path);
			if (note) this.recallService.embedNote(note);
		}
	}

	/**
	 * Stops semantic recall (its model was removed): recall goes on with keywords, cues and the
	 * graph at once; the vector cache is saved and kept for the model's return.
	 */
	async stopEmbedder(): Promise<void> {
		const current = this.embeddings;
		if (current === null) return;
		this.embeddings = null;
		this.recallService.useEmbeddings(undefined);
		await current.notes.close();
		await current.cache.flush();
	}

	/** One memory in full (text, properties, status) with its links to the notes `include` accepts. */
	get(path: string, include: (path: string) => boolean = () => true): Promise<MemoryRecord> {
		return readMemory(
			{ vault: this.deps.vault, graph: () => this.index.graph, statusOf: (note) => this.maintenance.statusOf(note) },
			path,
			include,
		);
	}

	/**
	 * The causal chain of a memory (a path or link text) as a JSON Canvas and the vault path it
	 * belongs at (docs/canvas.md); a MemoryError for a note that is not a memory. Writes nothing.
	 */
	chainCanvas(note: string, depth?: number): ChainCanvasFile {
		return chainCanvasFile(this.index.graph, note, this.deps.settings().maintenance, depth);
	}

	/** The strongest memories the note is not linked to yet, with why (docs/memory-view.md); computed off the render, cached per note. */
	relatedMemories(path: string): Promise<RelatedMemory[]> {
		return this.related.of(path);
	}

	/** The related memories already computed for the note since the last change, else undefined. */
	cachedRelatedMemories(path: string): RelatedMemory[] | undefined {
		return this.related.cached(path);
	}

	/** Remembers that the two memories are not related: neither is suggested for the other again. */
	markNotRelated(path: string, other: string): Promise<void> {
		return this.related.dismiss(path, other);
	}

	/** The engine's clock (ms). */
	now(): number {
		return this.deps.clock();
	}

	/** Records that the user opened a note (a use that keeps it fresh). */
	async recordOpen(path: string): Promise<void> {
		if (!this.activityStore || !this.index.graph.hasNote(path) || !(await this.mayWrite())) return;
		await this.activityStore.record({ kind: "open", path, at: this.deps.clock() });
	}

	/**
	 * Makes a start in progress give up at its next step, a wait for the previous engine's writer
	 * lock included (the plugin is unloading); `stop` must still follow.
	 */
	cancelStart(): void {
		this.stopped = true;
	}

	/**
	 * Saves the caches now if they changed (the app is quitting: Obsidian does not unload plugins
	 * then), after a background save that runs. Before the first build there is nothing new to save.
	 */
	async saveCaches(): Promise<void> {
		if (this.built) for (const saver of this.savers()) await saver.flush();
		await this.embeddings?.cache.flush();
	}

	/**
	 * Stops following, lets a running pass and queued writes finish, saves the caches, closes the
	 * log and the worker. The writer lock goes last, whatever failed: a new engine in this process
	 * (a plugin reload) waits for it.
	 */
	async stop(): Promise<void> {
		this.stopped = true;
		if (this.rescoreTimer !== undefined) this.deps.timers.clearTimeout(this.rescoreTimer);
		this.index.stop();
		this.reviewService?.dispose();
		try {
			await this.maintenanceService?.stop();
			for (const saver of this.savers()) await saver.stop();
			// A process that lost the lock leaves the caches to the one that has it.
			if (this.built && !this.lockLostTo) {
				await this.keywordSaver
					?.flush()
					.catch((error: unknown) => this.deps.warn(`could not save the keyword index cache: ${errorMessage(error)}`));
				await this.digestSaver
					?.flush()
					.catch((error: unknown) => this.deps.warn(`could not save the note digest cache: ${errorMessage(error)}`));
			}
			// A process that lost the lock cannot write its last records and vectors: that is no failure of the stop.
			const unlessLockLost = (error: unknown): void => {
				if (!this.lockLostTo) throw error;
			};
			await this.embeddings?.notes.close();
			await this.embeddings?.cache.flush().catch(unlessLockLost);
			this.recallService.dispose();
			await this.activityStore?.close().catch(unlessLockLost);
		} finally {
			this.deps.worker.terminate();
			await this.writerLock
				?.release()
				.catch((error: unknown) => this.deps.warn(`could not remove the writer lock: ${errorMessage(error)}`));
		}
	}

	/**
	 * Makes what the engine built from the settings follow their current value; hosts call it after
	 * every change (the settings tab, a changed data.json). Notes in newly excluded folders (or over
	 * the size limit) leave the graph, recall and the embeddings, and MCP clients can no longer read
	 * them from this call on; notes included again are read. Changed edge keys or keyword settings
	 * re-index every note (after the first index, when one runs). A new pass interval re-arms the
	 * schedule; a scoring change re-scores shortly after. Resolves once all of it is done.
	 */
	async applySettings(): Promise<void> {
		const settings = this.deps.settings();
		const effects = settingsEffects(this.applied, settings);
		this.applied = settings;
		if (this.stopped) return;
		if (effects.keyword) this.recallService.useKeywordSettings(settings.keyword);
		if (effects.passInterval) this.maintenanceService?.followSettings();
		if (effects.rescore && this.maintenanceService) this.rescoreSoon();
		if (effects.index) await this.index.updateSettings(settings.index);
		if (effects.reindex) await this.reindexForSettings();
	}

	private reindexForSettings(): Promise<void> {
		this.settingsReindex ??= (async () => {
			// The first index reads every note with the settings of the moment; a rebuild waits for it.
			await this.index.idle();
			// Then the start settles the recall indexes on it: wait for that start to end, however it ends.
			if (this.starting && this.index.isBuilt && !this.built) await this.started.catch(() => undefined);
			// Changes from here on need a re-index of their own.
			this.settingsReindex = null;
			if (this.built && !this.stopped) await this.rebuild();
		})();
		return this.settingsReindex;
	}

	private rescoreSoon(): void {
		if (this.rescoreTimer !== undefined) this.deps.timers.clearTimeout(this.rescoreTimer);
		this.rescoreTimer = this.deps.timers.setTimeout(() => {
			this.rescoreTimer = undefined;
			this.maintenanceService?.runPass().catch((error: unknown) => {
				if (!this.stopped) this.deps.warn(`maintenance pass failed: ${errorMessage(error)}`);
			});
		}, RESCORE_DELAY_MS);
	}

	/**
	 * Adopts the saved keyword index before the build. No listing of the vault here: the build
	 * re-indexes each note whose stamp changed as it loads it, and notes the build no longer has
	 * leave the keyword index with the first community refresh. A cache that cannot be used is a
	 * one-line warning and a full build. Returns whether the cache was adopted.
	 */
	private async adoptKeywordCache(): Promise<boolean> {
		const caches = this.deps.caches;
		if (!caches || !this.keywordSaver) return false;
		await this.deviceFiles
			.remove(LEGACY_KEYWORD_CACHE_FILE)
			.catch((error: unknown) =>
				this.deps.warn(`could not remove the old ${LEGACY_KEYWORD_CACHE_FILE}: ${errorMessage(error)}`),
			);
		const cached = await readKeywordCache(caches, this.deps.settings().keyword, () =>
			yieldToEventLoop(this.deps.timers),
		);
		if (cached.index === null) {
			if (cached.absent !== true) this.deps.warn(`${cached.reason} (${caches.location}); indexing every note again`);
			return false;
		}
		this.recallService.adoptCachedKeywordIndex(cached.index);
		this.keywordSaver.markSaved();
		return true;
	}

	/**
	 * Loads the note digests so the build reads only the notes changed since they were saved
	 * (used with the keyword cache only: a note is taken from its digest when both agree). A
	 * digest that cannot be used is a one-line warning, and the build reads every note.
	 */
	private async adoptNoteDigests(): Promise<void> {
		const caches = this.deps.caches;
		if (!caches || !this.digests) return;
		const read = await readNoteDigestCache(caches, () => yieldToEventLoop(this.deps.timers));
		if (read.digests === null) {
			if (read.absent !== true) this.deps.warn(`${read.reason} (${caches.location}); reading every note again`);
			return;
		}
		await this.digests.adopt(read.digests, () => yieldToEventLoop(this.deps.timers));
	}

	private savers(): CacheSaver[] {
		return [this.keywordSaver, this.digestSaver].filter((saver) => saver !== null);
	}

	/** Louvain in the worker; recall works without communities, so a failure is only a warning. */
	private async updateCommunities(): Promise<void> {
		await this.recallService.updateCommunities().catch((error: unknown) => {
			if (!this.stopped) this.deps.warn(`could not compute the link communities: ${errorMessage(error)}`);
		});
	}

	private throwIfStopped(): void {
		if (this.stopped) throw new Error("The memory engine was stopped while it was starting.");
	}

	// --- recall and search (src/engine/recall/recall-service.ts) ---

	/** Hybrid recall; reactivates what it returns unless `readOnly`. */
	recall(query: string, options?: RecallOptions): Promise<RecallResult> {
		return this.recallService.recall(query, options);
	}

	/** Filtered search; an empty query lists memories by last use. Changes nothing. */
	search(query: string, filters?: SearchFilters, k?: number): SearchHit[] {
		return this.recallService.list(query, filters, k);
	}

	// --- consolidation (src/engine/consolidation) ---

	/** Groups of memories about the same thing, newest cluster first; reads notes, changes nothing. */
	clusters(query?: ClusterQuery): Promise<ClusterReport> {
		return findMemoryClusters(
			{
				vault: this.deps.vault,
				index: this.index,
				recall: this.recallService,
				statusOf: (path) => this.maintenanceService?.statusOf(path) ?? "active",
				timers: this.deps.timers,
			},
			query,
		);
	}

	/** One summary memory made from `ids` (see MemoryConsolidator); by default as the user, who may read and write every note. */
	consolidate(input: ConsolidateInput, access: ConsolidateAccess = AS_USER): Promise<ConsolidateResult> {
		return this.consolidator.consolidate(input, access);
	}

	/** A summary of the members' key sentences, each cited, for the user to edit before `consolidate`; writes nothing. */
	extractiveDraft(ids: readonly string[], label?: readonly string[]): Promise<ExtractiveDraft> {
		return this.consolidator.extractiveDraft(ids, AS_USER, label);
	}

	/** Consolidates `ids` with their extractive summary as it is (the CLI's --write, the app's one-click action). */
	async consolidateExtractively(ids: readonly string[], label?: readonly string[]): Promise<ConsolidateResult> {
		const draft = await this.extractiveDraft(ids, label);
		return this.consolidate({ ids: draft.members, summary: draft.summary, title: draft.title });
	}

	/** Undoes a consolidation (default the latest): members byte for byte as before, the summary in the trash. */
	undoConsolidation(undoId?: string): Promise<UndoConsolidationResult> {
		return this.consolidator.undo(undoId);
	}

	/** The memory view's overview of one note: status, forces, neighbours by family (docs/memory-view.md). */
	noteOverview(path: string): NoteOverview {
		return noteOverview(this, path);
	}

	/** The memory view's overview of the vault: counts, statuses, what needs attention. */
	vaultOverview(limits?: OverviewLimits): VaultOverview {
		return vaultOverview(this, limits);
	}

	/**
	 * A vault's memory graph read once, without an engine (no activity log, writer lock, caches or
	 * recall): what the read-only commands (index, canvas) work on. Writes nothing.
	 */
	static async readGraph(
		vault: VaultPort,
		settings: Partial<IndexSettings>,
		onProgress?: ProgressListener,
	): Promise<GraphRead> {
		const index = new VaultIndex(vault, { settings });
		const report = await index.build(onProgress);
		return { graph: index.graph, report };
	}

	/** `chainCanvas` over a graph from `readGraph`; a MemoryError naming `field` for a note that is not a memory. */
	static chainCanvasOf(
		graph: MemoryGraph,
		note: string,
		settings: Pick<MaintenanceSettings, "canvasFolder" | "memoryFolder">,
		depth: number | undefined,
		field?: string,
	): ChainCanvasFile {
		return chainCanvasFile(graph, note, settings, depth, field);
	}
}
