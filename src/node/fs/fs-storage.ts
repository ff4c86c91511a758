import { promises as fs } from "node:fs";
import { join } from "node:path";
import type { StoragePort } from "../../core/model/storage-port";
import { writeFileAtomic } from "./atomic-write";

export interface FsStorageOptions {
	/**
	 * fsync appends (and the folder after an append created a file) before resolving, so data
	 * survives a power cut and not only a crash. Default true. Atomic writes always fsync.
	 */
	sync?: boolean;
}

/** State files (the activity log, caches built from the notes) are readable by their owner only. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/** StoragePort over one folder of the local file system (headless mode, tests). Files it creates are readable by the owner only. */
export class FsStorage implements StoragePort {
	private readonly sync: boolean;
	private folderReady = false;

	constructor(
		readonly folder: string,
		options: FsStorageOptions = {},
	) {
		this.sync = options.sync ?? true;
	}

	async list(): Promise<string[]> {
		try {
			return await fs.readdir(this.folder);
		} catch (error) {
			if (isMissing(error)) return [];
			throw error;
		}
	}

	async read(name: string): Promise<string | null> {
		try {
			return await fs.readFile(this.pathOf(name), "utf8");
		} catch (error) {
			if (isMissing(error)) return null;
			throw error;
		}
	}

	async append(name: string, data: string): Promise<void> {
		await this.ensureFolder();
		const handle = await fs.open(this.pathOf(name), "a", FILE_MODE);
		let created = false;
		try {
			if (this.sync) created = (await handle.stat()).size === 0;
			await handle.writeFile(data, "utf8");
			if (this.sync) await handle.datasync();
		} finally {
			await handle.close();
		}
		if (created) await this.syncFolder();
	}

	async writeAtomic(name: string, data: string): Promise<void> {
		await this.ensureFolder();
		await writeFileAtomic(this.pathOf(name), data, { mode: FILE_MODE });
	}

	async remove(name: string): Promise<void> {
		await fs.rm(this.pathOf(name), { force: true });
	}

	private pathOf(name: string): string {
		if (name.length === 0 || name.includes("/") || name.includes("\\") || name === "." || name === "..") {
			throw new Error(`Storage file name "${name}" must be a plain file name without folders.`);
		}
		return join(this.folder, name);
	}

	private async ensureFolder(): Promise<void> {
		if (this.folderReady) return;
		await fs.mkdir(this.folder, { recursive: true, mode: FOLDER_MODE });
		this.folderReady = true;
	}

	/** Makes a new directory entry durable; Windows cannot open folders for this and does not need it. */
	private async syncFolder(): Promise<void> {
		if (!this.sync || process.platform === "win32") return;
		const handle = await fs.open(this.folder, "r");
		try {
			await handle.sync();
		} finally {
			await handle.close();
		}
	}
}

function isMissing(error: unknown): boolean {
	return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}
