import { describe, expect, it } from "vitest";
import { changeSettings, DEFAULT_SETTINGS, settingFields, valueAt } from "../../../src/core/model/setting-fields";

describe("setting fields from the schemas", () => {
	const fields = settingFields();
	const field = (key: string) => fields.find((f) => f.key === key);

	it("reads every leaf with its description, kind, range and default", () => {
		expect(field("scoring.relevance.halfLifeDays")).toMatchObject({
			kind: "number",
			min: 0.01,
			max: 3650,
			integer: false,
			name: "Half life days",
			section: "Relevance",
		});
		expect(field("scoring.lifecycle.downwardPasses")).toMatchObject({
			kind: "number",
			min: 1,
			max: 100,
			integer: true,
		});
		expect(field("scoring.relevance.decayModel")).toMatchObject({
			kind: "choice",
			options: ["power-law", "exponential", "two-component"],
		});
		expect(field("mcp.port")?.description).toContain("127.0.0.1");
		expect(field("mcp.token")?.internal).toBe(true);
		expect(field("index.excludedFolders")?.kind).toBe("list");
		for (const f of fields) {
			expect(f.description, f.key).not.toBe("");
			// Only the optional internal fields (token, announced port) have no default.
			expect(valueAt(DEFAULT_SETTINGS, f.path) !== undefined || f.internal, f.key).toBe(true);
		}
	});

	it("rejects every out-of-range number with the schema's message and returns no settings", () => {
		for (const f of fields.filter((candidate) => candidate.kind === "number" && candidate.max !== undefined)) {
			const change = changeSettings(DEFAULT_SETTINGS, [{ path: f.path, value: (f.max ?? 0) + 1 }]);
			expect(change.ok, f.key).toBe(false);
			if (!change.ok) expect(change.message, f.key).toMatch(/must|Too big|expected/i);
		}
		const fading = changeSettings(DEFAULT_SETTINGS, [
			{ path: ["scoring", "lifecycle", "fadingThreshold"], value: 0.5 },
		]);
		expect(fading).toEqual({
			ok: false,
			message: expect.stringContaining("must be lower than lifecycle.dormantThreshold") as unknown,
		});
		const good = changeSettings(DEFAULT_SETTINGS, [{ path: ["scoring", "relevance", "halfLifeDays"], value: 14 }]);
		expect(good.ok && good.settings.scoring.relevance.halfLifeDays).toBe(14);
		expect(DEFAULT_SETTINGS.scoring.relevance.halfLifeDays).toBe(7);
	});
});
