import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pluginFolder, saveHeadlessSettings } from "../../src/node/headless-settings";

describe.skipIf(process.platform === "win32")("headless settings file", () => {
	let vault: string;
	beforeEach(async () => {
		vault = await mkdtemp(join(tmpdir(), "cm-headless-settings-"));
	});
	afterEach(async () => {
		await rm(vault, { recursive: true, force: true });
	});

	const dataJson = () => join(pluginFolder(vault), "data.json");

	it("creates data.json readable by its owner only, since it holds the MCP token", async () => {
		await saveHeadlessSettings(vault, (saved) => ({ ...saved, mcp: { token: "t".repeat(43) } }));
		expect((await stat(dataJson())).mode & 0o777).toBe(0o600);
		expect(JSON.parse(await readFile(dataJson(), "utf8"))).toEqual({ mcp: { token: "t".repeat(43) } });
	});

	it("makes an existing data.json that others could read private when it saves, keeping its other keys", async () => {
		await mkdir(pluginFolder(vault), { recursive: true });
		await writeFile(dataJson(), JSON.stringify({ other: 1 }));
		await chmod(dataJson(), 0o644);
		await saveHeadlessSettings(vault, (saved) => ({ ...saved, mcp: { token: "t".repeat(43) } }));
		expect((await stat(dataJson())).mode & 0o777).toBe(0o600);
		expect(JSON.parse(await readFile(dataJson(), "utf8"))).toMatchObject({ other: 1 });
	});
});
