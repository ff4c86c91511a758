import { hostname } from "node:os";
import type { App } from "obsidian";
import { isDeviceId } from "../core/activity/device-id";
import type { LockIdentity } from "../engine/activity/writer-lock";

const DEVICE_KEY = "causal-memory-device-id";

function randomHex(bytes: number): string {
	return Array.from(window.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join(
		"",
	);
}

/** `App.loadLocalStorage` / `saveLocalStorage` (Obsidian 1.8.7), looked up at run time: minAppVersion is older. */
interface VaultLocalStorage {
	loadLocalStorage?: (key: string) => unknown;
	saveLocalStorage?: (key: string, data: unknown) => void;
}

/**
 * This install's device id for the vault. It is kept in the app's local storage, which stays on
 * this machine: anything in the vault folder, the config folder included, is copied by sync
 * tools. Before Obsidian 1.8.7, the window's local storage under a key naming the vault.
 */
export function obsidianDeviceId(app: App): string {
	const vaultLocal = app as unknown as VaultLocalStorage;
	const load = vaultLocal.loadLocalStorage?.bind(app);
	const save = vaultLocal.saveLocalStorage?.bind(app);
	const windowKey = `${DEVICE_KEY}:${app.vault.getName()}`;
	const saved = load ? load(DEVICE_KEY) : window.localStorage.getItem(windowKey);
	if (typeof saved === "string" && isDeviceId(saved)) return saved;
	const id = randomHex(8);
	if (save) save(DEVICE_KEY, id);
	else window.localStorage.setItem(windowKey, id);
	return id;
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, under another user). */
function isProcessAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as { code?: string }).code === "EPERM";
	}
}

/** Obsidian as the holder of the vault's writer lock (the desktop app runs on Node, so it has a pid). */
export function obsidianLockIdentity(): LockIdentity {
	return {
		program: "the Obsidian plugin",
		pid: process.pid,
		host: hostname(),
		token: randomHex(12),
		isAlive: isProcessAlive,
	};
}
