/**
 * Claude Desktop's configuration file: where each platform keeps it, and the file with one server
 * entry added. Pure: the caller reads and writes the file (src/mcp/connect/claude-desktop-file.ts).
 */

import { errorMessage } from "../../core/model/error-message";

export interface DesktopPlatform {
	/** `process.platform`. */
	platform: string;
	/** The user's home folder. */
	home: string;
	/** `%APPDATA%` on Windows. */
	appData?: string;
}

const FILE = "claude_desktop_config.json";

/** Where Claude Desktop reads its configuration on this platform. */
export function claudeDesktopConfigPath({ platform, home, appData }: DesktopPlatform): string {
	if (platform === "darwin") return `${home}/Library/Application Support/Claude/${FILE}`;
	if (platform === "win32") return `${appData ?? `${home}\\AppData\\Roaming`}\\Claude\\${FILE}`;
	return `${home}/.config/Claude/${FILE}`;
}

/** Why a configuration file cannot be merged into; nothing is written. */
export class DesktopConfigError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The file's text with `mcpServers[name]` set to `server`, every other key and server kept, as
 * Claude Desktop writes it (two-space JSON). `current` null or blank: a new file. Refuses a file
 * that is not a JSON object, or whose `mcpServers` is not one, naming the file and the fix.
 */
export function withClaudeDesktopServer(
	current: string | null,
	name: string,
	server: Record<string, unknown>,
	file: string,
): string {
	let config: unknown = {};
	if (current !== null && current.trim() !== "") {
		try {
			config = JSON.parse(current) as unknown;
		} catch (error) {
			throw new DesktopConfigError(
				`${file} is not valid JSON (${errorMessage(error)}); nothing was written. Fix the file or move it away, then try again.`,
			);
		}
	}
	if (!isObject(config))
		throw new DesktopConfigError(
			`${file} does not hold a JSON object; nothing was written. Fix the file or move it away.`,
		);
	const servers = config.mcpServers ?? {};
	if (!isObject(servers))
		throw new DesktopConfigError(
			`"mcpServers" in ${file} is not an object of servers; nothing was written. Fix it or move the file away.`,
		);
	return `${JSON.stringify({ ...config, mcpServers: { ...servers, [name]: server } }, null, 2)}\n`;
}
