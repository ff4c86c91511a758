import { createHash } from "node:crypto";
import { Commands } from "./commands";
import { FileManager } from "./file-manager";
import { MetadataCache } from "./metadata-cache";
import { Vault } from "./vault";
import { Workspace } from "./workspace";

export interface AppOptions {
	configDir?: string;
	/**
	 * "warm" (default): every note is in the metadata cache when the app starts, as after an
	 * earlier session. "cold": notes are parsed after start-up, firing `changed` for each.
	 */
	metadata?: "warm" | "cold";
}

/**
 * The app over a real folder. Start-up is in the test's hands: construct, load plugins,
 * optionally `vault.fireLoadEvents()`, then `workspace.triggerLayoutReady()`.
 */
export class App {
	readonly vault: Vault;
	readonly metadataCache: MetadataCache;
	readonly fileManager: FileManager;
	readonly workspace: Workspace;
	readonly commands = new Commands();
	/**
	 * The vault's id in the app (not in the API's types; IndexedDB databases are keyed by it). The
	 * app keeps it per vault folder; the fake derives it from the folder, so an app opened again
	 * over the same folder has the same id.
	 */
	readonly appId: string;
	/** This app's vault-specific local storage (stays on the machine; one per fake app). */
	private readonly local = new Map<string, unknown>();

	constructor(basePath: string, options: AppOptions = {}) {
		this.vault = new Vault(basePath, options.configDir);
		this.appId = createHash("sha256").update(basePath).digest("hex").slice(0, 16);
		this.metadataCache = new MetadataCache(this.vault, options.metadata !== "cold");
		this.fileManager = new FileManager(this.vault);
		this.workspace = new Workspace();
		this.workspace.attach(this);
	}

	loadLocalStorage(key: string): unknown {
		return this.local.get(key) ?? null;
	}

	saveLocalStorage(key: string, data: unknown): void {
		if (data === null) this.local.delete(key);
		else this.local.set(key, data);
	}

	/** Fake-only: listeners registered on the vault, metadata cache and workspace. */
	liveEventRefCount(): number {
		return this.vault.listenerCount() + this.metadataCache.listenerCount() + this.workspace.listenerCount();
	}
}
