import { existsSync, statSync } from "node:fs";
import { copyFile, mkdir, rename } from "node:fs/promises";
import { join } from "node:path";
import { DEFAULT_CONFIG_DIR, pluginFolder } from "../headless-settings";
import { printLine } from "./terminal";

/** What Obsidian loads from a plugin's folder, and all a release ships. */
export const RELEASE_FILES = ["main.js", "manifest.json", "styles.css"] as const;

export interface InstallPluginOptions {
	vaultDir: string;
	/** The vault's configuration folder, when it is not Obsidian's default. */
	configDir?: string;
	/** The folder holding the built release files (the repository, or the npm package). */
	from: string;
}

/** Where the files went, and whether a version was there before. */
export interface InstalledPlugin {
	folder: string;
	updated: boolean;
}

/**
 * Copies the three release files into `<vault>/<config folder>/plugins/causal-memory/`, each
 * through a temporary file renamed into place, and nothing else: the plugin's data.json, caches
 * and every other file stay as they are. Refuses a folder that is not a vault.
 */
export async function installPlugin(options: InstallPluginOptions): Promise<InstalledPlugin> {
	const configDir = options.configDir ?? DEFAULT_CONFIG_DIR;
	const config = join(options.vaultDir, configDir);
	if (!existsSync(config) || !statSync(config).isDirectory())
		throw new Error(
			`${options.vaultDir} is not an Obsidian vault: it has no ${configDir} folder. Open the folder as a vault in Obsidian once (that creates ${configDir}), or pass --config-dir NAME if your vault's configuration folder has another name.`,
		);
	const missing = RELEASE_FILES.filter((file) => !existsSync(join(options.from, file)));
	if (missing.length > 0)
		throw new Error(`${missing.join(", ")} missing in ${options.from}: run "npm run build" first`);
	const folder = pluginFolder(options.vaultDir, configDir);
	const updated = existsSync(join(folder, "main.js"));
	await mkdir(folder, { recursive: true });
	for (const file of RELEASE_FILES) {
		const partial = join(folder, `${file}.installing`);
		await copyFile(join(options.from, file), partial);
		await rename(partial, join(folder, file));
	}
	return { folder, updated };
}

export async function installPluginCommand(options: InstallPluginOptions & { version: string }): Promise<number> {
	const { folder, updated } = await installPlugin(options);
	printLine(
		[
			`${updated ? "Updated" : "Installed"} Causal Memory ${options.version} in ${folder} (${RELEASE_FILES.join(", ")}).`,
			"",
			"Next, in Obsidian:",
			updated
				? "  Reload the plugin: Settings → Community plugins → turn Causal Memory off and on (or restart Obsidian)."
				: '  1. Settings → Community plugins: turn on community plugins if Obsidian asks.\n  2. Reload the list of installed plugins (the circular arrow) and enable Causal Memory.\n  3. Connect Claude: the plugin\'s settings (MCP server) copy the line to paste, or run the command\n     "Copy the memory server connection line".',
		].join("\n"),
	);
	return 0;
}
