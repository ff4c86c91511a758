import { describe, expect, it } from "vitest";
import {
	DEFAULT_SCORING_SETTINGS,
	parseScoringSettings,
	ScoringSettingsError,
	scoringSettingsSchema,
} from "../../../src/core/model/scoring-settings";

function problemsOf(input: unknown): string[] {
	try {
		parseScoringSettings(input);
	} catch (error) {
		if (error instanceof ScoringSettingsError) return error.problems;
		throw error;
	}
	throw new Error("expected the settings to be rejected");
}

describe("scoring settings", () => {
	it("fills every default from nothing", () => {
		expect(parseScoringSettings(undefined)).toEqual(DEFAULT_SCORING_SETTINGS);
		expect(DEFAULT_SCORING_SETTINGS.relevance).toEqual({
			decayModel: "power-law",
			halfLifeDays: 7,
			powerLawExponent: 0.6,
			slowComponentWeight: 0.3,
			slowComponentFactor: 50,
			consolidatedDecayFactor: 3,
		});
		expect(DEFAULT_SCORING_SETTINGS.lifecycle.dormantThreshold).toBe(0.015);
		expect(DEFAULT_SCORING_SETTINGS.core.weights).toEqual({ activation: 0.4, hub: 0.3, schema: 0.2, stability: 0.1 });
	});

	it("keeps the defaults next to a partial override", () => {
		const settings = parseScoringSettings({ relevance: { halfLifeDays: 14 }, core: { autoCategories: ["identity"] } });
		expect(settings.relevance.halfLifeDays).toBe(14);
		expect(settings.relevance.decayModel).toBe("power-law");
		expect(settings.core.autoCategories).toEqual(["identity"]);
		expect(settings.core.promotionThreshold).toBe(0.7);
	});

	it("names the field and the allowed range of an out-of-range or mistyped number", () => {
		expect(problemsOf({ relevance: { halfLifeDays: -1 } })).toEqual([
			"relevance.halfLifeDays must be a number from 0.01 to 3650 (got -1)",
		]);
		expect(problemsOf({ connectivity: { orphanFloor: "0.1" } })).toEqual([
			'connectivity.orphanFloor must be a number from 0.001 to 1 (got "0.1")',
		]);
		expect(problemsOf({ lifecycle: { downwardPasses: 1.5 } })).toEqual([
			"lifecycle.downwardPasses must be an integer from 1 to 100 (got 1.5)",
		]);
	});

	it("lists the allowed decay models", () => {
		expect(problemsOf({ relevance: { decayModel: "linear" } })).toEqual([
			'relevance.decayModel must be one of power-law, exponential, two-component (got "linear")',
		]);
	});

	it("reports every invalid field at once, in the error message too", () => {
		const input = { reactivation: { maxStability: 0 }, core: { promotionThreshold: 2 } };
		expect(problemsOf(input)).toHaveLength(2);
		expect(() => parseScoringSettings(input)).toThrow(
			/^Invalid scoring settings: reactivation\.maxStability must be a number from 1 to 1000 \(got 0\); core\.promotionThreshold .*\.$/,
		);
	});

	it("requires the fading threshold below the dormant threshold", () => {
		expect(problemsOf({ lifecycle: { dormantThreshold: 0.01, fadingThreshold: 0.02 } })).toEqual([
			"lifecycle.fadingThreshold must be lower than lifecycle.dormantThreshold (0.01) (got 0.02)",
		]);
	});

	it("requires the consolidation weights to add up to 1", () => {
		expect(problemsOf({ core: { weights: { activation: 0.5 } } })).toEqual(["core.weights must add up to 1 (got 1.1)"]);
	});

	it("rejects a category that sits in two lists", () => {
		expect(problemsOf({ core: { autoCategories: ["identity"], excludedCategories: ["identity", "log"] } })).toEqual([
			"core.excludedCategories must not repeat categories of core.autoCategories (identity)",
		]);
	});

	it("rejects a group that is not an object", () => {
		expect(problemsOf({ lifecycle: 3 })).toEqual(["lifecycle must be an object of settings"]);
	});

	it("describes every setting for the settings tab and the docs", () => {
		const missing: string[] = [];
		const visited: string[] = [];
		const visit = (shape: Record<string, unknown>, prefix: string) => {
			for (const [key, field] of Object.entries(shape)) {
				visited.push(prefix + key);
				const schema = field as { description?: string; def?: { innerType?: { shape?: Record<string, unknown> } } };
				if (!schema.description) missing.push(prefix + key);
				const inner = schema.def?.innerType?.shape;
				if (inner) visit(inner, `${prefix}${key}.`);
			}
		};
		visit(scoringSettingsSchema().shape, "");
		expect(visited).toContain("relevance.halfLifeDays");
		expect(visited).toContain("core.weights.stability");
		expect(missing).toEqual([]);
	});
});
