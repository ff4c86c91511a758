import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingFields } from "../../src/core/model/setting-fields";
import { renderSettingsDoc, SETTINGS_DOC_PATH } from "../../scripts/generate-settings-doc";

describe("docs/settings.md", () => {
	it("matches what the schemas produce today and lists every setting", () => {
		const committed = readFileSync(new URL(`../../${SETTINGS_DOC_PATH}`, import.meta.url), "utf8");
		expect(committed, `${SETTINGS_DOC_PATH} is out of date: run \`npm run docs:settings\``).toBe(renderSettingsDoc());
		for (const field of settingFields()) expect(committed).toContain(`\`${field.key}\``);
	});
});
