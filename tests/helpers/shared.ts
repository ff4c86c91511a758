import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** `../shared` beside the repository, where CI puts the shared corpora, fixtures and eval data. */
const SHARED_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../shared");

export interface SharedLookup {
	/** Absolute path of the requested file or folder. */
	path: string;
	/** True when it exists; tests use `describe.skipIf(!found)`. */
	found: boolean;
	/** Why the test is skipped, printed so the skip is visible. */
	reason: string;
}

/**
 * Finds a file under `../shared`. Outside CI a missing file makes the calling tests skip with a
 * visible reason; under `CI=true` it is a failure, because CI always has `../shared`.
 */
export function sharedPath(...segments: string[]): SharedLookup {
	const path = join(SHARED_ROOT, ...segments);
	const found = existsSync(path);
	const reason = found ? "" : `shared material not found at ${path}`;
	if (!found && process.env.CI === "true") {
		throw new Error(`${reason} (CI=true requires ../shared beside the repository)`);
	}
	if (!found) console.warn(`[skip] ${reason}`);
	return { path, found, reason };
}
