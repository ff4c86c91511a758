import { describe, expect, it } from "vitest";
import {
	changeSettings,
	DEFAULT_SETTINGS,
	nameFromKey,
	rangeSentence,
	settingFields,
	valueAt,
} from "../../../src/core/model/setting-fields";

describe("setting fields from the schemas", () => {
	const fields = settingFields();
	const field = (key: string) => fields.find((f) => f.key === key);

	it("reads every leaf with its description, kind, range and default", () => {
		expect(field("scoring.relevance.halfLifeDays")).toMatchObject({
			kind: "number",
			min: 0.01,
			max: 3650,
			integer: false,
			name: "Half-life",
			unit: "days",
			section: "Freshness",
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

	it("gives every number a real range: no 9007199254740991, as zod's bare int() would", () => {
		for (const f of fields.filter((candidate) => candidate.kind === "number")) {
			expect(f.min, f.key).toBeDefined();
			expect(f.max, f.key).toBeDefined();
			expect(Math.abs(f.max ?? 0), f.key).toBeLessThan(Number.MAX_SAFE_INTEGER);
			expect(Math.abs(f.min ?? 0), f.key).toBeLessThan(Number.MAX_SAFE_INTEGER);
		}
		expect(field("index.maxNoteBytes")).toMatchObject({ min: 1, max: 1024 ** 3, unit: "bytes", integer: true });
	});

	it("names every setting in sentence case, with no key spelling (K, Dtype, Caused_by)", () => {
		const properNouns = /\b(MCP|Claude Code|Louvain|English)\b/g;
		for (const f of fields.filter((candidate) => !candidate.internal)) {
			expect(f.name, f.key).toMatch(/^[A-Z]/);
			expect(f.name.length, f.key).toBeGreaterThan(2);
			expect(f.name, f.key).not.toMatch(/_/);
			const lowerAfterFirst = (text: string): string => text.replace(properNouns, "x").slice(1);
			expect(lowerAfterFirst(f.name), f.key).not.toMatch(/[A-Z]/);
			for (const section of f.sections) expect(lowerAfterFirst(section.title), f.key).not.toMatch(/[A-Z]/);
		}
		expect(field("recall.fusion.k")?.name).toBe("Rank constant");
		expect(field("embeddings.dtype")?.name).toBe("Model weights");
		expect(field("recall.spreading.edgeWeights.caused_by")?.name).toBe("Caused by");
		expect(nameFromKey("derived_from")).toBe("Derived from");
	});

	it("says a number's range in words, with its unit", () => {
		expect(rangeSentence({ min: 0.01, max: 3650, unit: "days" })).toBe("Days, 0.01 to 3,650.");
		expect(rangeSentence({ min: 1, max: 100, integer: true, unit: "passes" })).toBe(
			"Whole number of passes, 1 to 100.",
		);
		expect(rangeSentence({ min: 0, max: 1 })).toBe("A number from 0 to 1.");
		expect(rangeSentence({ min: 0, integer: true })).toBe("A whole number, 0 or more.");
		expect(rangeSentence({})).toBe("");
	});

	it("reads a map's values and key label, for editing it as rows", () => {
		expect(field("index.edgeKeys")).toMatchObject({
			kind: "map",
			keyLabel: "Property name",
			value: { kind: "choice", options: expect.arrayContaining(["caused_by", "derived_from"]) as unknown },
		});
		expect(field("recall.autoLink.cosineFloorByModel")).toMatchObject({
			kind: "map",
			keyLabel: "Model id",
			value: { kind: "number", min: -1, max: 1 },
		});
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
