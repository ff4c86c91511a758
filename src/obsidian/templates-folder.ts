import { normalizePath, type App } from "obsidian";

/**
 * The folder of the Templates core plugin, read from its settings file (`<configDir>/templates.json`,
 * `{"folder": "…"}`): the public file the app keeps, not the app's internal plugin API. Null when
 * the plugin was never set up.
 */
export async function readTemplatesFolder(app: App): Promise<string | null> {
	const path = normalizePath(`${app.vault.configDir}/templates.json`);
	try {
		if (!(await app.vault.adapter.exists(path))) return null;
		const parsed = JSON.parse(await app.vault.adapter.read(path)) as { folder?: unknown };
		const folder = typeof parsed.folder === "string" ? normalizePath(parsed.folder) : "";
		return folder === "" || folder === "/" ? null : folder;
	} catch {
		return null;
	}
}
