import { copyFile, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { withClaudeDesktopServer } from "./claude-desktop-config";

export interface DesktopConfigWrite {
	file: string;
	/** The copy of the file as it was, or null when there was no file. */
	backup: string | null;
}

/**
 * Adds `server` as `name` to Claude Desktop's configuration file: reads it, refuses it before
 * writing anything if it is not valid (DesktopConfigError), copies it to a timestamped backup
 * beside it, then writes the merged file through a temporary file renamed into place.
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
	const partial = `${file}.${process.pid}.tmp`;
	await writeFile(partial, text);
	await rename(partial, file);
	return { file, backup };
}
