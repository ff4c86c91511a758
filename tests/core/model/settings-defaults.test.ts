import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "../../../src/core/model/settings-defaults";
import { defaultsFromSchemas, readMemorySettings } from "../../../src/core/model/settings";
import { renderSettingsDefaults, SETTINGS_DEFAULTS_PATH } from "../../../scripts/settings-defaults-source";
import { readFileSync } from "node:fs";

describe("the generated settings defaults", () => {
	it("are what the zod schemas give today", () => {
		const committed = readFileSync(new URL(`../../../${SETTINGS_DEFAULTS_PATH}`, import.meta.url), "utf8");
		expect(committed, `${SETTINGS_DEFAULTS_PATH} is out of date: run \`npm run docs:settings\``).toBe(
			renderSettingsDefaults(),
		);
		expect(SETTINGS_DEFAULTS).toStrictEqual(defaultsFromSchemas());
	});

	it("fill the groups data.json leaves out, as copies; the groups it holds are validated by their schemas", () => {
		const { settings, problems } = readMemorySettings({ mcp: { port: 28000 }, scoring: null });
		expect(problems).toEqual([]);
		expect(settings.mcp.port).toBe(28000);
		expect(settings.mcp.enabled).toBe(SETTINGS_DEFAULTS.mcp.enabled);
		expect(settings.recall).toStrictEqual(SETTINGS_DEFAULTS.recall);
		expect(settings.recall).not.toBe(SETTINGS_DEFAULTS.recall);
		expect(settings.scoring).toStrictEqual(SETTINGS_DEFAULTS.scoring);
	});

	it("replace a group that fails validation, with the schema's message", () => {
		const { settings, problems } = readMemorySettings({ index: { maxNoteBytes: 0 } });
		expect(problems).toEqual(['Invalid index setting "maxNoteBytes": must be at least 1 byte.']);
		expect(settings.index).toStrictEqual(SETTINGS_DEFAULTS.index);
	});
});
