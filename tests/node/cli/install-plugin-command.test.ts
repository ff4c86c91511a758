import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG_DIR } from "../../../src/node/headless-settings";
import { installPlugin, RELEASE_FILES } from "../../../src/node/cli/install-plugin-command";

const folders: string[] = [];

function folder(files: Record<string, string> = {}): string {
	const dir = mkdtempSync(join(tmpdir(), "cm-install-"));
	folders.push(dir);
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(dir, path, ".."), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	return dir;
}

/** Every file below `dir`, relative, sorted. */
function listing(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
		.sort();
}

const release = (version: string) =>
	folder({
		"main.js": `main ${version}`,
		"manifest.json": `{"version":"${version}"}`,
		"styles.css": "css",
		"README.md": "x",
	});

afterEach(() => {
	for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("installPlugin", () => {
	it("copies exactly the three release files into the vault's plugin folder and touches nothing else", async () => {
		const vault = folder({ "Note.md": "hello", [`${DEFAULT_CONFIG_DIR}/app.json`]: "{}" });
		const { folder: target, updated } = await installPlugin({ vaultDir: vault, from: release("1.0.0") });
		expect(target).toBe(join(vault, DEFAULT_CONFIG_DIR, "plugins", "causal-memory"));
		expect(updated).toBe(false);
		expect(listing(vault)).toEqual([
			`${DEFAULT_CONFIG_DIR}/app.json`,
			...RELEASE_FILES.map((file) => `${DEFAULT_CONFIG_DIR}/plugins/causal-memory/${file}`),
			"Note.md",
		]);
		expect(readFileSync(join(target, "main.js"), "utf8")).toBe("main 1.0.0");
	});

	it("updates an installed version in place and keeps the plugin's data.json and caches", async () => {
		const pluginDir = `${DEFAULT_CONFIG_DIR}/plugins/causal-memory`;
		const vault = folder({
			[`${pluginDir}/main.js`]: "main 0.9",
			[`${pluginDir}/data.json`]: '{"mcp":{"token":"kept"}}',
			[`${pluginDir}/activity/device.log`]: "records",
		});
		const { updated } = await installPlugin({ vaultDir: vault, from: release("1.0.0") });
		expect(updated).toBe(true);
		expect(readFileSync(join(vault, pluginDir, "main.js"), "utf8")).toBe("main 1.0.0");
		expect(readFileSync(join(vault, pluginDir, "data.json"), "utf8")).toBe('{"mcp":{"token":"kept"}}');
		expect(readFileSync(join(vault, pluginDir, "activity/device.log"), "utf8")).toBe("records");
		expect(listing(join(vault, pluginDir))).toEqual([
			"activity/device.log",
			"data.json",
			"main.js",
			"manifest.json",
			"styles.css",
		]);
	});

	it("refuses a folder that is not a vault, naming the missing configuration folder, and writes nothing", async () => {
		const notVault = folder({ "Note.md": "hello" });
		await expect(installPlugin({ vaultDir: notVault, from: release("1.0.0") })).rejects.toThrow(
			`${notVault} is not an Obsidian vault: it has no ${DEFAULT_CONFIG_DIR} folder.`,
		);
		expect(listing(notVault)).toEqual(["Note.md"]);
	});

	it("takes a configuration folder with another name", async () => {
		const vault = folder({ ".config-elsewhere/app.json": "{}" });
		const { folder: target } = await installPlugin({
			vaultDir: vault,
			configDir: ".config-elsewhere",
			from: release("1.0.0"),
		});
		expect(target).toBe(join(vault, ".config-elsewhere", "plugins", "causal-memory"));
		expect(listing(target)).toEqual([...RELEASE_FILES].sort());
	});

	it("says to build first when the release files are missing", async () => {
		const vault = folder({ [`${DEFAULT_CONFIG_DIR}/app.json`]: "{}" });
		await expect(installPlugin({ vaultDir: vault, from: folder({ "manifest.json": "{}" }) })).rejects.toThrow(
			"main.js, styles.css missing in",
		);
		expect(listing(vault)).toEqual([`${DEFAULT_CONFIG_DIR}/app.json`]);
	});
});
