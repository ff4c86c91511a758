import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generateVault, type GeneratedVaultStats } from "./generate-vault";

/** Where benches keep generated vaults between runs (git-ignored). */
export const VAULT_CACHE = join("bench", ".out", "vaults");

export interface BenchVault {
	dir: string;
	stats: GeneratedVaultStats;
	/** Seconds spent generating it now; 0 when it was reused. */
	generatedSeconds: number;
}

/**
 * The synthetic vault for (notes, seed), generated once into bench/.out/vaults/<notes>-<seed>/
 * and reused afterwards. A `.json` file beside the folder marks a finished generation, so an
 * interrupted one is thrown away and redone. After changing the generator, delete the cache.
 */
export async function benchVault(notes: number, seed: number): Promise<BenchVault> {
	const dir = join(VAULT_CACHE, `${notes}-${seed}`);
	const marker = `${dir}.json`;
	if (existsSync(marker)) {
		return { dir, stats: JSON.parse(await readFile(marker, "utf8")) as GeneratedVaultStats, generatedSeconds: 0 };
	}
	await rm(dir, { recursive: true, force: true });
	const started = performance.now();
	const stats = await generateVault({ notes, seed, dir });
	const generatedSeconds = (performance.now() - started) / 1000;
	await writeFile(marker, JSON.stringify(stats, null, "\t"));
	return { dir, stats, generatedSeconds };
}
