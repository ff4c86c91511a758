import type { CacheStore } from "../../core/model/cache-store";
import type { StoragePort } from "../../core/model/storage-port";
import type { VaultPort } from "../../core/model/vault";

/** Resolves when this process may write; rejects (nothing is written) when it may not. */
type WriteGate = () => Promise<void>;

/*
 * The ports an engine holding a writer lock works through: every write waits for the gate
 * first, so a process whose lock was taken over writes nothing more, whichever service (the
 * writer, the activity log, maintenance, the cache savers) tries. Reads pass straight through.
 */

export function gatedVault(vault: VaultPort, gate: WriteGate): VaultPort {
	const resolveLink = vault.resolveLink?.bind(vault);
	return {
		list: () => vault.list(),
		...(resolveLink ? { resolveLink } : {}),
		read: (path) => vault.read(path),
		stat: (path) => vault.stat(path),
		load: (path) => vault.load(path),
		watch: (listener, onLive) => vault.watch(listener, onLive),
		writeFrontmatter: async (path, update) => (await gate(), vault.writeFrontmatter(path, update)),
		createNote: async (path, content, whileSyncing) => (await gate(), vault.createNote(path, content, whileSyncing)),
		moveNote: async (from, to) => (await gate(), vault.moveNote(from, to)),
		removeNote: async (path, mode) => (await gate(), vault.removeNote(path, mode)),
	};
}

export function gatedStorage(storage: StoragePort, gate: WriteGate): StoragePort {
	return {
		list: () => storage.list(),
		read: (name) => storage.read(name),
		append: async (name, data) => (await gate(), storage.append(name, data)),
		writeAtomic: async (name, data) => (await gate(), storage.writeAtomic(name, data)),
		remove: async (name) => (await gate(), storage.remove(name)),
	};
}

export function gatedCaches(caches: CacheStore, gate: WriteGate): CacheStore {
	return {
		location: caches.location,
		read: (name) => caches.read(name),
		write: async (name, bytes) => (await gate(), caches.write(name, bytes)),
		remove: async (name) => (await gate(), caches.remove(name)),
	};
}
