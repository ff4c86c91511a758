import { promises as fs } from "node:fs";
import { join } from "node:path";
import type { CacheBytes, CacheStore } from "../../core/model/cache-store";
import { writeFileAtomic } from "./atomic-write";
import { stateHome, vaultKey } from "../device-id";

const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/**
 * The headless caches of a vault folder: `<state home>/causal-memory/caches/<hash of the vault's
 * real path>/`, outside the vault (sync tools copy everything in it, the config folder too) and
 * beside this machine's device id (src/node/device-id.ts).
 */
export async function headlessCacheFolder(vaultDir: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
	return join(stateHome(env), "causal-memory", "caches", await vaultKey(vaultDir));
}

/**
 * CacheStore over one local folder: a file per cache, replaced atomically (a temp file written
 * piece by piece, then renamed over it), readable by the owner only.
 */
export class FsCacheStore implements CacheStore {
	constructor(readonly location: string) {}

	async read(name: string): Promise<Uint8Array | null> {
		try {
			const buffer = await fs.readFile(this.pathOf(name));
			return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
		} catch (error) {
			if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") return null;
			throw error;
		}
	}

	async write(name: string, bytes: CacheBytes): Promise<void> {
		const path = this.pathOf(name);
		await fs.mkdir(this.location, { recursive: true, mode: FOLDER_MODE });
		await writeFileAtomic(path, bytes, { mode: FILE_MODE });
	}

	async remove(name: string): Promise<void> {
		await fs.rm(this.pathOf(name), { force: true });
	}

	private pathOf(name: string): string {
		if (!/^[\w.-]+$/.test(name) || name === "." || name === "..") {
			throw new Error(`Cache name "${name}" must be a plain file name (letters, digits, ".", "-", "_").`);
		}
		return join(this.location, name);
	}
}
