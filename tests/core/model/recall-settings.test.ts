import { describe, expect, it } from "vitest";
import {
	DEFAULT_RECALL_SETTINGS,
	parseRecallSettings,
	recallSettingsSchema,
} from "../../../src/core/model/recall-settings";

describe("recall settings", () => {
	it("fills every default from nothing", () => {
		expect(parseRecallSettings(undefined)).toEqual(DEFAULT_RECALL_SETTINGS);
		expect(DEFAULT_RECALL_SETTINGS).toEqual({
			fusion: { k: 60, keywordWeight: 1, vectorWeight: 1, coverageExponent: 1 },
			cues: {
				weight: 0.3,
				maxShare: 0.1,
				timeWeight: 2,
				whenWeight: 0.5,
				spread: 0.3,
				spreadSeeds: 10,
				maxCueFanOut: 30,
			},
			episodes: { weight: 0.6, members: 5, coverageExponent: 1, diversity: 0.55, diversityDepth: 5, focus: 0.25 },
			spreading: {
				seeds: 20,
				hops: 2,
				hopDecay: 0.7,
				edgeWeights: {
					caused_by: 1,
					supports: 0.9,
					derived_from: 0.8,
					related_to: 0.5,
					contradicts: 0.3,
					supersedes: 0.3,
				},
				downstreamFactor: 0.8,
				communityPenalty: 0.5,
				whyFactor: 1.25,
				maxNeighbours: 50,
				minActivation: 0.01,
			},
			communities: { regrowthRatio: 0.1, resolution: 1 },
			ranking: {
				retentionShare: 0.2,
				retentionExponent: 0.5,
				supersededFactor: 0.3,
				lowConfidenceFloor: 0.2,
				resultFloor: 0.02,
				maxInjected: 2,
			},
			autoLink: { cosineFloor: 0.45, cosineFloorByModel: {}, maxLinksPerStore: 3, maxAutoLinksIntoNode: 10 },
			conflicts: { minTokenOverlap: 0.6 },
		});
	});

	it("keeps the defaults next to a partial override", () => {
		const settings = parseRecallSettings({ spreading: { hops: 3, edgeWeights: { related_to: 0.2 } } });
		expect(settings.spreading.hops).toBe(3);
		expect(settings.spreading.hopDecay).toBe(0.7);
		expect(settings.spreading.edgeWeights.related_to).toBe(0.2);
		expect(settings.spreading.edgeWeights.caused_by).toBe(1);
	});

	it("names the field and the allowed range of a bad value", () => {
		expect(() => parseRecallSettings({ spreading: { hops: 1.5 } })).toThrow(
			'Invalid recall setting "spreading.hops": must be an integer from 0 to 4 (got 1.5).',
		);
		expect(() => parseRecallSettings({ ranking: { supersededFactor: "0.3" } })).toThrow(
			'Invalid recall setting "ranking.supersededFactor": must be a number from 0 to 1 (got "0.3").',
		);
		expect(() => parseRecallSettings({ fusion: 60 })).toThrow(
			'Invalid recall setting "fusion": must be an object of settings.',
		);
		expect(() => parseRecallSettings({ autoLink: { cosineFloorByModel: { "": 0.5 } } })).toThrow(
			/"autoLink\.cosineFloorByModel\.?": model ids must not be empty/,
		);
		expect(() => parseRecallSettings({ autoLink: { cosineFloorByModel: { "my/model": 2 } } })).toThrow(
			'Invalid recall setting "autoLink.cosineFloorByModel.my/model": must be a number from -1 to 1 (got 2).',
		);
	});

	it("describes every setting", () => {
		const groups = recallSettingsSchema().shape;
		for (const [name, group] of Object.entries(groups)) {
			expect(group.description, name).toBeTruthy();
			const inner = group.unwrap().shape as Record<string, { description?: string }>;
			for (const [field, schema] of Object.entries(inner)) expect(schema.description, `${name}.${field}`).toBeTruthy();
		}
	});
});
