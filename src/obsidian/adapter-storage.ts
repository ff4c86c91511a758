import { normalizePath, type DataAdapter } from "obsidian";
import type { StoragePort } from "../core/model/storage-port";

/**
 * StoragePort over Obsidian's vault adapter, in a folder of the plugin's own (under the config
 * folder, so nothing appears among the user's notes). The adapter has no fsync: "durable" means
 * handed to the operating system. Atomic writes go to a temp file that is then renamed onto a
 * name that does not exist yet, which is all callers ask of `writeAtomic`.
 */
export class AdapterStorage implements StoragePort {
	private folderReady: Promise<void> | null = null;

	constructor(
		private readonly adapter: DataAdapter,
		private readonly folder: string,
	) {}

	async list(): Promise<string[]> {
		if (!(await this.adapter.exists(this.folder))) return [];
		const listed = await this.adapter.list(this.folder);
		return listed.files.map((path) => path.slice(path.lastIndexOf("/") + 1));
	}

	async read(name: string): Promise<string | null> {
		const path = this.pathOf(name);
		return (await this.adapter.exists(path)) ? this.adapter.read(path) : null;
	}

	async append(name: string, data: string): Promise<void> {
		await this.ensureFolder();
		await this.adapter.append(this.pathOf(name), data);
	}

	async writeAtomic(name: string, data: string): Promise<void> {
		await this.ensureFolder();
		const temp = this.pathOf(`${name}.tmp`);
		await this.adapter.write(temp, data);
		const target = this.pathOf(name);
		if (await this.adapter.exists(target)) await this.adapter.remove(target);
		await this.adapter.rename(temp, target);
	}

	async remove(name: string): Promise<void> {
		const path = this.pathOf(name);
		if (await this.adapter.exists(path)) await this.adapter.remove(path);
	}

	private pathOf(name: string): string {
		if (name.includes("/") || name.includes("\\") || name === "" || name === "." || name === "..") {
			throw new Error(`Storage file name "${name}" must be a plain file name without folders.`);
		}
		return normalizePath(`${this.folder}/${name}`);
	}

	private ensureFolder(): Promise<void> {
		this.folderReady ??= (async () => {
			if (!(await this.adapter.exists(this.folder))) await this.adapter.mkdir(this.folder);
		})();
		return this.folderReady;
	}
}
