import type { StoragePort } from "../../core/model/storage-port";

/**
 * The state folder for a command that only looks: reads see the files on disk and whatever the
 * engine wrote during the run, writes stay in memory, so nothing is created or changed on disk
 * (not even the folder).
 */
export class ReadOnlyStorage implements StoragePort {
	/** Files written (or removed: null) during the run, over the ones on disk. */
	private readonly written = new Map<string, string | null>();

	constructor(private readonly disk: StoragePort) {}

	async list(): Promise<string[]> {
		const names = new Set(await this.disk.list());
		for (const [name, data] of this.written) {
			if (data === null) names.delete(name);
			else names.add(name);
		}
		return [...names];
	}

	async read(name: string): Promise<string | null> {
		if (this.written.has(name)) return this.written.get(name) ?? null;
		return this.disk.read(name);
	}

	async append(name: string, data: string): Promise<void> {
		this.written.set(name, ((await this.read(name)) ?? "") + data);
	}

	writeAtomic(name: string, data: string): Promise<void> {
		this.written.set(name, data);
		return Promise.resolve();
	}

	remove(name: string): Promise<void> {
		this.written.set(name, null);
		return Promise.resolve();
	}
}
