import { MemoryGraph, runToEnd } from "../../core/graph/memory-graph";
import { graphNote } from "../../core/graph/graph-note";
import { memoryCreated } from "../../core/graph/node-attributes";
import type { GraphNote, NoteInput } from "../../core/graph/types";
import { parseIndexSettings, type IndexSettings } from "../../core/model/index-settings";
import type { LoadedNote, VaultEvent, VaultFile, VaultPort } from "../../core/model/vault";
import { isLinkTargetPath, isMemoryPath } from "../../core/model/memory-paths";
import { basenameKey } from "../../core/parse/link-resolver";
import { parseNote } from "../../core/parse/parse-note";
import { noteProblems } from "../../core/parse/note-problems";
import { vaultDifferencesStepwise, type IndexedStamp, type VaultDifferences } from "../../core/graph/vault-differences";
import { errorMessage } from "../../core/model/error-message";
import type { Timers } from "../../core/model/timers";
import { sortStepwise } from "../../core/util/sort-stepwise";
import { TimeSlicer } from "./time-slicer";

export interface IndexWarning {
	path: string;
	message: string;
	/** True when the note was left out of the graph, false when it was indexed despite the problem. */
	skipped: boolean;
}

export interface IndexReport {
	notes: number;
	edges: number;
	skipped: number;
	warnings: IndexWarning[];
	ms: number;
}

export type IndexChange =
	| {
			type: "set";
			path: string;
			/** The note's modification time before this change; null for a note new to the graph. */
			previousMtime: number | null;
			/** Notes this change newly links to (their "newly linked" use). */
			newTargets: string[];
			/** The note holds exactly what our own frontmatter write left: not an edit by anyone. */
			ownWrite: boolean;
	  }
	| {
			type: "remove";
			path: string;
			/**
			 * The note left memory through a settings change (an excluded folder, the size limit), not
			 * a deletion: what is kept about it beside the graph (its activity and lifecycle) stays, as
			 * after a restart with these settings, so including it again brings its history back.
			 */
			bySettings?: true;
	  }
	| { type: "rename"; path: string; oldPath: string };

export type ProgressListener = (done: number, total: number) => void;

export interface VaultIndexOptions {
	settings?: Partial<IndexSettings>;
	/** How many notes are read at once during a full index. */
	readConcurrency?: number;
	/**
	 * Sees every note the index reads (full index and updates), e.g. to feed the search index with
	 * its text; `created` is the creation time the graph gives it (see fileCreation).
	 */
	onLoaded?: (note: LoadedNote, created: number) => void;
	/** The creation time a note had when it was last indexed, if known from before this index (the note digest). */
	knownCreation?: (path: string) => number | undefined;
	/**
	 * The host's timers: with them a full index builds the graph in slices of a few ms and yields
	 * in between, so the thread stays responsive. Without them it builds in one go.
	 */
	timers?: Timers;
	/** How long one slice of the graph build may run before it yields, ms (default DEFAULT_SLICE_MS). */
	sliceMs?: number;
	/**
	 * What a full index knows of a note without reading it (the note digest, see note-digests.ts),
	 * or null to read it. A note taken from here is not given to `onLoaded`.
	 */
	cached?: (file: VaultFile) => { note: GraphNote; warning: string } | null;
}

/** How far the first full index has got: the notes read so far out of the notes listed. */
export interface IndexProgress {
	done: number;
	total: number;
}

/**
 * Keeps the memory graph equal to what the vault's notes say: a full index at start, then one
 * vault event at a time (events are applied in order, never concurrently).
 */
export class VaultIndex {
	/** Changed by `updateSettings` only. */
	settings: IndexSettings;
	graph: MemoryGraph;
	private readonly warningByPath = new Map<string, IndexWarning>();
	private readonly changeListeners = new Set<(change: IndexChange) => void>();
	/**
	 * Notes in excluded folders by file name key (see basenameKey): not memories, but Obsidian
	 * still resolves links to them by name, so a new note must not take one of their names.
	 */
	private excludedByName = new Map<string, Set<string>>();
	private pending: Promise<void> = Promise.resolve();
	private unwatch: (() => void) | undefined;
	private built = false;
	private completedBuilds = 0;
	/** Set while the first full index runs (see `partial`). */
	private firstBuild: IndexProgress | null = null;
	/** Settings changes whose re-filtering of the graph has not finished (see `holdsMemory`). */
	private unfiltered = 0;

	constructor(
		private readonly vault: VaultPort,
		private readonly options: VaultIndexOptions = {},
	) {
		this.settings = parseIndexSettings(options.settings ?? {});
		this.graph = this.emptyGraph();
	}

	/**
	 * While the first full index runs, `graph` holds the notes read so far as nodes without
	 * links, so recall can answer from them (marked partial); this says how far it has got.
	 * Null once built, and during a rebuild, which keeps the graph and updates it in place at its end.
	 */
	get partial(): IndexProgress | null {
		return this.firstBuild && { ...this.firstBuild };
	}

	/** Whether a full index has completed. */
	get isBuilt(): boolean {
		return this.built;
	}

	/**
	 * Full indexes completed (a start's and each rebuild's): what was kept from notes read before
	 * may be stale when it changes. A rebuild updates the graph in place, so the graph alone does not say it.
	 */
	get builds(): number {
		return this.completedBuilds;
	}

	warnings(): IndexWarning[] {
		return [...this.warningByPath.values()];
	}

	warningOf(path: string): IndexWarning | undefined {
		return this.warningByPath.get(path);
	}

	includes(path: string): boolean {
		return isMemoryPath(path, this.settings.excludedFolders);
	}

	/**
	 * Whether the graph holds `path` as a memory under the current settings: once settings have
	 * changed, a note they exclude is no memory any more, even in the moment before it leaves the graph.
	 */
	holdsMemory(path: string): boolean {
		return this.graph.hasNote(path) && (this.unfiltered === 0 || this.includes(path));
	}

	/**
	 * Takes new settings and makes the graph follow them, queued like vault events: notes they
	 * exclude (a folder, the size limit) leave the graph (a "remove" change `bySettings`, so recall
	 * and the embeddings drop them), notes they include again are read as new ones. From the call
	 * on, `includes` and `holdsMemory` answer with the new settings. Changed `edgeKeys` apply to
	 * notes read from now on: a rebuild re-reads the others (the engine does it).
	 */
	updateSettings(settings: Partial<IndexSettings>): Promise<void> {
		this.settings = parseIndexSettings(settings);
		this.unfiltered++;
		return this.enqueue(() => this.refilterNow()).finally(() => this.unfiltered--);
	}

	/**
	 * Drops the notes the current settings leave out of memory, registers the excluded ones as
	 * link targets, and reads those they let in (what `reconcile` does for a note it lacks).
	 * Nothing to do before the first build, which reads the vault with these settings.
	 */
	private async refilterNow(): Promise<void> {
		if (!this.built) return;
		const listing = await this.vault.list();
		const steps = this.classifyListing(listing);
		const { timers, sliceMs } = this.options;
		const { files, outside } = timers ? await new TimeSlicer(timers, sliceMs).drain(steps) : runToEnd(steps);
		const { maxNoteBytes } = this.settings;
		// A note over the size limit leaves too; reconcile then reads it as one it lacks and says why it skipped it.
		const memories = new Set(files.filter((file) => file.size <= maxNoteBytes).map((file) => file.path));
		// A note no longer listed was deleted, not excluded: reconcile removes it as such.
		const listed = new Set(listing.map((file) => file.path));
		const leaving = this.graph.notePaths().filter((path) => listed.has(path) && !memories.has(path));
		const leave = (path: string): void => {
			this.warningByPath.delete(path);
			if (this.graph.removeNote(path)) this.emit({ type: "remove", path, bySettings: true });
		};
		if (timers) await new TimeSlicer(timers, sliceMs).forEach(leaving, leave);
		else leaving.forEach(leave);
		for (const path of outside) this.graph.setOutsideNote(path);
		await this.reconcileNow(listing);
	}

	/**
	 * Whether a new note named `name` (without folder and `.md`) could change what an existing
	 * link resolves to: an indexed or excluded note has that name, or an indexed note links to it.
	 */
	nameInUse(name: string): boolean {
		return this.graph.nameInUse(name) || this.excludedByName.has(basenameKey(name));
	}

	/** A markdown note Obsidian sees (not in a hidden folder) that the user excluded from memory. */
	private isExcludedNote(path: string): boolean {
		return !this.includes(path) && isMemoryPath(path, []);
	}

	private trackExcluded(path: string, present: boolean, byName = this.excludedByName): void {
		const key = basenameKey(path);
		const paths = byName.get(key);
		if (present && this.isExcludedNote(path)) {
			if (paths) paths.add(path);
			else byName.set(key, new Set([path]));
		} else if (paths?.delete(path) && paths.size === 0) {
			this.excludedByName.delete(key);
		}
	}

	/**
	 * Indexes every note from scratch, replacing the current graph. It runs in the same queue as
	 * vault events, so `start()` may come first: changes made while the build reads the vault are
	 * applied right after it, and none is lost.
	 */
	build(onProgress?: ProgressListener): Promise<IndexReport> {
		return this.enqueue(() => this.buildNow(onProgress));
	}

	private async buildNow(onProgress?: ProgressListener): Promise<IndexReport> {
		const started = performance.now();
		const slicer = this.options.timers ? new TimeSlicer(this.options.timers, this.options.sliceMs) : null;
		const drain = <R>(steps: Iterator<unknown, R>): Promise<R> =>
			slicer ? slicer.drain(steps) : Promise.resolve(runToEnd(steps));
		const { files, outside } = await drain(this.classifyListing(await this.vault.list()));
		this.warningByPath.clear();
		// What the graph keeps of each note, not its parse: the parses of 100k notes, and the texts their strings point into, are hundreds of MB.
		const inputs: GraphNote[] = [];
		let done = 0;
		const progress = this.built ? null : { done: 0, total: files.length };
		const provisional = progress ? this.emptyGraph() : null;
		if (provisional) this.graph = provisional;
		this.firstBuild = progress;
		const add = (note: GraphNote | null, path: string): void => {
			if (note) {
				inputs.push(note);
				provisional?.addUnlinkedNote(note);
			} else {
				outside.push(path);
			}
			done++;
			if (progress) progress.done = done;
			onProgress?.(done, files.length);
		};
		try {
			const unread = await this.takeCached(files, add);
			await forEachConcurrently(unread, this.options.readConcurrency ?? 16, async (file) => {
				const loaded = await this.loadInput(file, undefined, slicer);
				add(loaded ? graphNote(loaded.input, this.settings.edgeKeys) : null, file.path);
			});
			// Reads finish in any order; the graph's node order (Louvain's visiting order) must not depend on it.
			await drain(sortStepwise(inputs, (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
			if (progress) {
				const graph = this.emptyGraph();
				for (const path of outside) graph.setOutsideNote(path);
				await drain(graph.addNotesStepwise(inputs));
				this.graph = graph;
				this.built = true;
			} else {
				await drain(this.updateInPlace(inputs, outside));
			}
			this.completedBuilds++;
		} finally {
			this.firstBuild = null;
			// A failed first build leaves no half-read notes behind.
			if (this.graph === provisional) this.graph = this.emptyGraph();
		}
		const graph = this.graph;
		return {
			notes: graph.order,
			edges: graph.graph.size,
			skipped: this.warnings().filter((w) => w.skipped).length,
			warnings: this.warnings(),
			ms: performance.now() - started,
		};
	}

	/**
	 * A rebuild's end: the live graph takes every note read in place of what it held, in steps of
	 * one note, and drops the notes and link targets no longer listed (a "remove" change each, as
	 * for a deleted note). A second graph built beside it, as a first build does, held both at
	 * once: ≈ 300 MB more at 100k notes, and the old one's collection in long tasks. Notes new
	 * to the graph are added in path order after those it had.
	 */
	private *updateInPlace(inputs: readonly GraphNote[], outside: readonly string[]): Generator<void> {
		const graph = this.graph;
		const read = new Set<string>();
		for (const note of inputs) {
			read.add(note.path);
			yield;
		}
		for (const path of graph.notePaths()) {
			if (!read.has(path)) this.dropNode(path);
			yield;
		}
		const targets = new Set(outside);
		for (const path of graph.outsideNotePaths()) {
			if (!targets.has(path)) graph.removeOutsideNote(path);
			yield;
		}
		for (const path of outside) {
			graph.setOutsideNote(path);
			yield;
		}
		yield* graph.addNotesStepwise(inputs);
	}

	/**
	 * The listed notes that are memories, and the paths of those that are only link targets
	 * (excluded and skipped notes stay out of memory but still count for link resolution), in
	 * steps of one file; the excluded notes' names are swapped in at the end.
	 */
	private *classifyListing(listed: readonly VaultFile[]): Generator<void, { files: VaultFile[]; outside: string[] }> {
		const excluded = new Map<string, Set<string>>();
		const files: VaultFile[] = [];
		const outside: string[] = [];
		for (const file of listed) {
			if (this.includes(file.path)) {
				files.push(file);
			} else {
				// Into the fresh map only an excluded note changes anything (its name key costs ≈ 1 µs).
				this.trackExcluded(file.path, true, excluded);
				if (isLinkTargetPath(file.path)) outside.push(file.path);
			}
			yield;
		}
		this.excludedByName = excluded;
		return { files, outside };
	}

	/**
	 * Adds the notes `options.cached` knows at their current stamp, in time slices; returns the
	 * files left to read.
	 */
	private async takeCached(files: VaultFile[], add: (note: GraphNote, path: string) => void): Promise<VaultFile[]> {
		const cached = this.options.cached;
		if (!cached) return files;
		const unread: VaultFile[] = [];
		const slicer = this.options.timers ? new TimeSlicer(this.options.timers, this.options.sliceMs) : null;
		for (const file of files) {
			const note = file.size > this.settings.maxNoteBytes ? null : cached(file);
			if (note) {
				this.warningByPath.delete(file.path);
				if (note.warning !== "") this.warn(file.path, note.warning, false);
				add(note.note, file.path);
			} else {
				unread.push(file);
			}
			if (slicer?.due()) await slicer.yield();
		}
		return unread;
	}

	/** Applies one vault event; events are queued so they apply in the order they were given. */
	apply(event: VaultEvent): Promise<void> {
		return this.enqueue(() => this.applyNow(event));
	}

	/**
	 * Indexes a note the caller has just created with `content` (the file as the write left it)
	 * without reading it back; queued like vault events. A change made meanwhile comes as its own
	 * event. `frontmatter`: the properties the caller wrote the frontmatter block from (see parseNote).
	 */
	applyCreated(file: VaultFile, content: string, frontmatter?: Record<string, unknown>): Promise<void> {
		const note: LoadedNote = { file, content, parsed: parseNote(content, frontmatter) };
		return this.enqueue(() => this.applyNow({ type: "create", path: file.path }, note));
	}

	private enqueue<T>(work: () => Promise<T>): Promise<T> {
		const run = this.pending.then(work);
		this.pending = run.then(
			() => undefined,
			() => undefined,
		);
		return run;
	}

	/** Resolves once every event given so far has been applied. */
	async idle(): Promise<void> {
		await this.pending;
	}

	/**
	 * Follows the vault's events until `stop`. Failures to apply an event become warnings. Once
	 * the vault reports every change, the index is reconciled with a fresh listing: what changed
	 * while the build read the vault, before the watcher saw it, is applied then.
	 */
	start(): void {
		if (this.unwatch) return;
		this.unwatch = this.vault.watch(
			(event) => {
				this.apply(event).catch((error: unknown) =>
					this.warn(event.path, `could not update the index: ${errorMessage(error)}`, true),
				);
			},
			() => {
				this.reconcile().catch((error: unknown) =>
					this.warn("", `could not compare the index with the vault: ${errorMessage(error)}`, false),
				);
			},
		);
	}

	/**
	 * Loads what the vault's listing has and the index lacks (or holds with another size or
	 * mtime), renames or drops what it no longer has. Nothing to do before the first build, which
	 * lists the vault itself. Queued like vault events.
	 */
	reconcile(): Promise<void> {
		return this.enqueue(() => this.reconcileNow());
	}

	/** `listing`: the vault's listing when the caller has just taken it. */
	private async reconcileNow(listing?: readonly VaultFile[]): Promise<void> {
		if (!this.built) return;
		const everything = listing ?? (await this.vault.list());
		const steps = this.reconcileSteps(everything);
		const { timers, sliceMs } = this.options;
		const { renamed, changed, removed } = timers ? await new TimeSlicer(timers, sliceMs).drain(steps) : runToEnd(steps);
		for (const { oldPath, path } of renamed) await this.applyRename(oldPath, path);
		for (const path of removed) this.removePath(path);
		for (const path of changed) await this.applyNow({ type: "modify", path });
	}

	/** What reconcile must apply, in steps of one note (10k notes take tens of ms in one go). */
	private *reconcileSteps(everything: readonly VaultFile[]): Generator<void, VaultDifferences> {
		// A note listed by the build but gone before it was read was taken as a link target outside memory.
		const present = new Set(everything.map((file) => file.path));
		yield;
		for (const path of this.graph.outsideNotePaths()) if (!present.has(path)) this.graph.removeOutsideNote(path);
		const listed: VaultFile[] = [];
		for (const file of everything) {
			if (this.includes(file.path)) listed.push(file);
			yield;
		}
		const indexed: IndexedStamp[] = [];
		for (const path of this.graph.notePaths()) {
			const node = this.graph.node(path);
			if (node) indexed.push({ path, mtime: node.mtime, size: node.size });
			yield;
		}
		return yield* vaultDifferencesStepwise(indexed, listed);
	}

	stop(): void {
		this.unwatch?.();
		this.unwatch = undefined;
	}

	onChange(listener: (change: IndexChange) => void): () => void {
		this.changeListeners.add(listener);
		return () => this.changeListeners.delete(listener);
	}

	private async applyNow(event: VaultEvent, known?: LoadedNote): Promise<void> {
		if (event.type === "rename") this.trackExcluded(event.oldPath, false);
		this.trackExcluded(event.path, event.type !== "delete");
		if (event.type === "rename") {
			await this.applyRename(event.oldPath, event.path);
			return;
		}
		if (event.type === "delete") {
			this.removePath(event.path);
			this.graph.removeOutsideNote(event.path);
			return;
		}
		if (!this.includes(event.path)) {
			this.removePath(event.path);
			if (isLinkTargetPath(event.path)) this.graph.setOutsideNote(event.path);
			return;
		}
		const file = known?.file ?? (await this.vault.stat(event.path));
		const loaded = file ? await this.loadInput(file, known) : null;
		if (!loaded) {
			this.dropNode(event.path);
			if (file) this.graph.setOutsideNote(event.path);
			else this.graph.removeOutsideNote(event.path);
			return;
		}
		const { input, ownWrite } = loaded;
		const previousMtime = this.graph.node(input.path)?.mtime ?? null;
		const before = new Set(this.graph.graph.hasNode(input.path) ? this.graph.graph.outNeighbors(input.path) : []);
		this.graph.setNote(input);
		const newTargets = this.graph.graph.outNeighbors(input.path).filter((target) => !before.has(target));
		this.emit({ type: "set", path: input.path, previousMtime, newTargets, ownWrite });
	}

	private async applyRename(oldPath: string, path: string): Promise<void> {
		this.warningByPath.delete(oldPath);
		this.graph.removeOutsideNote(oldPath);
		if (!this.includes(path)) {
			this.removePath(oldPath);
			if (isLinkTargetPath(path)) this.graph.setOutsideNote(path);
			return;
		}
		if (this.graph.hasNote(oldPath)) {
			this.graph.renameNote(oldPath, path);
			this.emit({ type: "rename", path, oldPath });
		}
		await this.applyNow({ type: "modify", path });
	}

	private removePath(path: string): void {
		this.warningByPath.delete(path);
		this.dropNode(path);
	}

	/** Takes a note out of the graph but keeps any warning that explains why. */
	private dropNode(path: string): void {
		if (this.graph.removeNote(path)) this.emit({ type: "remove", path });
	}

	/** With a `slicer` (a full index), the work after the read runs in its turn (see TimeSlicer.inTurn). */
	private async loadInput(
		file: VaultFile,
		known?: LoadedNote,
		slicer?: TimeSlicer | null,
	): Promise<{ input: NoteInput; ownWrite: boolean } | null> {
		this.warningByPath.delete(file.path);
		if (file.size > this.settings.maxNoteBytes) {
			this.warn(
				file.path,
				`skipped: ${formatBytes(file.size)} is over the ${formatBytes(this.settings.maxNoteBytes)} note size limit (setting maxNoteBytes)`,
				true,
			);
			return null;
		}
		let note: LoadedNote | null;
		try {
			note = known ?? (await this.vault.load(file.path));
		} catch (error) {
			this.warn(file.path, `skipped: could not read the note (${errorMessage(error)})`, true);
			return null;
		}
		if (!note) return null;
		return slicer ? slicer.inTurn(() => this.indexLoaded(file, note)) : this.indexLoaded(file, note);
	}

	private indexLoaded(file: VaultFile, note: LoadedNote): { input: NoteInput; ownWrite: boolean } | null {
		const problem = noteProblems(note);
		if (problem) this.warn(file.path, problem.message, problem.skip);
		if (problem?.skip) return null;
		const ctime = this.fileCreation(note.file);
		this.options.onLoaded?.(note, memoryCreated(note.parsed) ?? ctime);
		const input = {
			path: note.file.path,
			mtime: note.file.mtime,
			ctime,
			size: note.file.size,
			parsed: note.parsed,
		};
		return { input, ownWrite: note.ownWrite === true };
	}

	/**
	 * A note's file creation time, never later than the one it had when indexed before: a file
	 * replaced by a rename (our own frontmatter writes, editors that save that way) is born anew, and
	 * without a birth time a file's times move with every touch, but the note is as old as before.
	 */
	private fileCreation(file: VaultFile): number {
		const known = this.graph.node(file.path)?.ctime ?? this.options.knownCreation?.(file.path);
		return known === undefined ? file.ctime : Math.min(file.ctime, known);
	}

	private warn(path: string, message: string, skipped: boolean): void {
		this.warningByPath.set(path, { path, message, skipped });
	}

	private emit(change: IndexChange): void {
		for (const listener of this.changeListeners) listener(change);
	}

	private emptyGraph(): MemoryGraph {
		const settings = (): IndexSettings => this.settings;
		return new MemoryGraph({
			// Read at each note the graph takes, so notes read after `updateSettings` get the new keys.
			get edgeKeys() {
				return settings().edgeKeys;
			},
			resolveLink: this.vault.resolveLink?.bind(this.vault),
		});
	}
}

async function forEachConcurrently<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < items.length) await work(items[next++]);
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function formatBytes(bytes: number): string {
	return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
