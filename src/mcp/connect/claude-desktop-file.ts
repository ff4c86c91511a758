import { copyFile, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { writeFileAtomic } from "../../node/fs/atomic-write";
import { withClaudeDesktopServer } from "./claude-desktop-config";

/** A new configuration file holds the token: readable by its owner only. An existing one keeps its mode. */
const NEW_FILE_MODE = 0o600;

export interface DesktopConfigWrite {
	file: string;
	/** The copy of the file as it was, or null when there was no file. */
	backup: string | null;
}

/**
 * Adds `server` as `name` to Claude Desktop's configuration file: reads it, refuses it before
 * writing anything if it is not valid (DesktopConfigError), copies it to a timestamped backup
 * beside it, then writes the merged file atomically (src/node/fs/atomic-write.ts), keeping its mode.
 */
export async function addClaudeDesktopServer(
	file: string,
	name: string,
	server: Record<string, unknown>,
	now: Date,
): Promise<DesktopConfigWrite> {
	const current = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
		if (error.code === "ENOENT") return null;
		throw error;
	});
	const text = withClaudeDesktopServer(current, name, server, file);
	let backup: string | null = null;
	if (current !== null) {
		backup = `${file}.backup-${now.toISOString().replace(/[:.]/g, "-")}`;
		await copyFile(file, backup);
	}
	await mkdir(dirname(file), { recursive: true });
	await writeFileAtomic(file, text, current === null ? { mode: NEW_FILE_MODE } : {});
	return { file, backup };
}
