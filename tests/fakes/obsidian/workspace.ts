import { setTimeout } from "node:timers";
import { Events } from "./events";
import type { TFile } from "./files";
import type { MetadataCache } from "./metadata-cache";
import { WorkspaceLeaf, type ViewCreator } from "./workspace-leaf";
import type { App } from "./app";
import { Tasks } from "./tasks";

/**
 * Obsidian's Workspace, reduced to layout readiness, the active file and sidebar leaves showing
 * registered views, and the `quit` event (`quit()`). The fake's layout becomes ready only when a test calls
 * `triggerLayoutReady()`; callbacks registered afterwards run a macrotask later. A file becomes
 * active through `openLinkText` or the fake-only `openFile`; both fire `file-open`.
 */
export class Workspace extends Events {
	layoutReady = false;
	/** Fake-only: every leaf the workspace holds, in creation order. */
	readonly leaves: WorkspaceLeaf[] = [];
	activeLeaf: WorkspaceLeaf | null = null;
	private callbacks: (() => unknown)[] = [];
	private activeFile: TFile | null = null;
	private readonly creators = new Map<string, ViewCreator>();
	private app: App | null = null;

	onLayoutReady(callback: () => unknown): void {
		if (this.layoutReady) setTimeout(() => runCallback(callback), 0);
		else this.callbacks.push(callback);
	}

	/** Fake-only: the app finished loading the workspace. */
	triggerLayoutReady(): void {
		if (this.layoutReady) return;
		this.layoutReady = true;
		const callbacks = this.callbacks;
		this.callbacks = [];
		for (const callback of callbacks) runCallback(callback);
		this.trigger("layout-ready");
	}

	/**
	 * Fake-only: the app is about to quit. Like the app, fires `quit` with a Tasks and waits for
	 * what listeners added to it; plugins are not unloaded.
	 */
	async quit(): Promise<void> {
		const tasks = new Tasks();
		this.trigger("quit", tasks);
		await tasks.promise();
	}

	getActiveFile(): TFile | null {
		return this.activeFile;
	}

	/** Fake-only: the user opened `file` (null: closed the last one). */
	openFile(file: TFile | null): void {
		this.activeFile = file;
		this.trigger("file-open", file);
	}

	openLinkText(linktext: string, sourcePath: string, _newLeaf?: boolean | string): Promise<void> {
		const file = this.metadataCache().getFirstLinkpathDest(linktext.replace(/\.md$/, ""), sourcePath);
		if (file) this.openFile(file);
		return Promise.resolve();
	}

	/** A new leaf each time (the fake has no tabs to reuse). */
	getLeaf(_newLeaf?: boolean | string): WorkspaceLeaf {
		return this.addLeaf();
	}

	getRightLeaf(_split: boolean): WorkspaceLeaf | null {
		return this.addLeaf();
	}

	getLeftLeaf(_split: boolean): WorkspaceLeaf | null {
		return this.addLeaf();
	}

	getLeavesOfType(viewType: string): WorkspaceLeaf[] {
		return this.leaves.filter((leaf) => leaf.view?.getViewType() === viewType);
	}

	detachLeavesOfType(viewType: string): void {
		for (const leaf of this.getLeavesOfType(viewType)) leaf.detach();
	}

	setActiveLeaf(leaf: WorkspaceLeaf, _params?: { focus?: boolean }): void {
		this.activeLeaf = leaf;
		this.trigger("active-leaf-change", leaf);
	}

	/** Fake-only: the app this workspace belongs to (set by App). */
	attach(app: App): void {
		this.app = app;
	}

	/** Fake-only, used by Plugin.registerView. */
	registerViewType(type: string, creator: ViewCreator): void {
		if (this.creators.has(type)) throw new Error(`Attempting to register an existing view type "${type}"`);
		this.creators.set(type, creator);
	}

	/** Fake-only: a plugin that registered the type unloaded; its views close and their leaves stay empty. */
	async unregisterViewType(type: string): Promise<void> {
		this.creators.delete(type);
		await Promise.all(this.getLeavesOfType(type).map((leaf) => leaf.closeView()));
	}

	/** Fake-only. */
	viewCreator(type: string): ViewCreator | undefined {
		return this.creators.get(type);
	}

	/** Fake-only, used by WorkspaceLeaf.detach. */
	removeLeaf(leaf: WorkspaceLeaf): void {
		const index = this.leaves.indexOf(leaf);
		if (index !== -1) this.leaves.splice(index, 1);
		if (this.activeLeaf === leaf) this.activeLeaf = null;
	}

	private addLeaf(): WorkspaceLeaf {
		if (!this.app) throw new Error("the workspace has no app");
		const leaf = new WorkspaceLeaf(this.app);
		this.leaves.push(leaf);
		return leaf;
	}

	private metadataCache(): MetadataCache {
		if (!this.app) throw new Error("the workspace has no app");
		return this.app.metadataCache;
	}
}

function runCallback(callback: () => unknown): void {
	try {
		const result = callback();
		if (result instanceof Promise) result.catch((error: unknown) => Events.listenerErrors.push(error));
	} catch (error) {
		Events.listenerErrors.push(error);
	}
}
