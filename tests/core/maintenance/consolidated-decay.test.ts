import { describe, expect, it } from "vitest";
import { parseScoringSettings } from "../../../src/core/model/scoring-settings";
import { runPass } from "../../../src/core/maintenance/maintenance-pass";
import { NODE_FLAGS } from "../../../src/core/maintenance/maintenance-protocol";
import { createScoringContext } from "../../../src/core/scoring/context";
import { relevanceOf } from "../../../src/core/scoring/factors";
import { DAY_MS } from "../../../src/core/scoring/time";
import { cloneRequest, NOW, syntheticRequest } from "./synthetic-request";

/** Two nodes alike in every column, used 10 days ago, the second consolidated into a summary. */
function twins(factor: number) {
	const request = syntheticRequest(2, 3, parseScoringSettings({ relevance: { consolidatedDecayFactor: factor } }));
	const { nodes } = request;
	nodes.lastUse.fill(NOW - 10 * DAY_MS);
	nodes.lastRecall.fill(0);
	nodes.recallStrength.fill(0);
	nodes.stability.fill(1);
	nodes.weightedDegree.fill(0);
	nodes.adjOffsets = Uint32Array.from([0, 0, 0]);
	nodes.adjIndex = new Uint32Array(0);
	nodes.flags[0] = 0;
	nodes.flags[1] = NODE_FLAGS.consolidated;
	return request;
}

describe("consolidated members fade faster", () => {
	it("scores a consolidated member's relevance as if its last use were factor times older", () => {
		const request = twins(3);
		const result = runPass(cloneRequest(request));
		const ctx = createScoringContext(request.settings, result.stats);
		const ratio = result.retention[1] / result.retention[0];
		expect(ratio).toBeCloseTo(
			relevanceOf(ctx, NOW - 30 * DAY_MS, 1, NOW) / relevanceOf(ctx, NOW - 10 * DAY_MS, 1, NOW),
			10,
		);
		expect(ratio).toBeLessThan(0.8);
	});

	it("changes nothing with a factor of 1", () => {
		const result = runPass(cloneRequest(twins(1)));
		expect(result.retention[1]).toBe(result.retention[0]);
	});
});
