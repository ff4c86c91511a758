import type { StoragePort } from "../../core/model/storage-port";

/**
 * The part of a shared state folder that belongs to one device: its files are named
 * `local-<device>.<name>`, and other devices' files are invisible. Derived caches (lifecycle
 * states, keyword index, embeddings) live here, so two devices syncing one vault never
 * overwrite each other's; the legacy device ("") keeps the plain names.
 */
export function deviceStorage(storage: StoragePort, device: string): StoragePort {
	if (device === "") return storage;
	const prefix = `local-${device}.`;
	return {
		list: async () =>
			(await storage.list()).filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length)),
		read: (name) => storage.read(prefix + name),
		append: (name, data) => storage.append(prefix + name, data),
		writeAtomic: (name, data) => storage.writeAtomic(prefix + name, data),
		remove: (name) => storage.remove(prefix + name),
	};
}
