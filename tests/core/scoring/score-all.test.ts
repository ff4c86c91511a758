import { describe, expect, it } from "vitest";
import { DECAY_MODELS } from "../../../src/core/model/scoring-settings";
import { lastUseOf, type NodeActivity } from "../../../src/core/scoring/activity";
import { consolidateAll, scoreAll } from "../../../src/core/scoring/score-all";
import { scoreNode } from "../../../src/core/scoring/score-node";
import { summariseRecalls } from "../../../src/core/scoring/recall";
import type { NodeNeighbourhood } from "../../../src/core/scoring/neighbourhood";
import { context, days, T0 } from "./fixtures";
import { mulberry32 } from "./synthetic-vault";

function randomNodes(count: number, seed: number) {
	const random = mulberry32(seed);
	const ctx = context();
	return Array.from({ length: count }, () => {
		const created = days(random() * 1000);
		const recallTimes = Array.from({ length: Math.floor(random() * 8) }, () => created + random() * 300 * 86_400_000);
		const node: NodeActivity = {
			created,
			modified: created + random() * 50 * 86_400_000,
			lastOpened: random() < 0.5 ? null : created + random() * 400 * 86_400_000,
			lastLinked: random() < 0.7 ? null : created + random() * 400 * 86_400_000,
			recall: summariseRecalls(recallTimes, ctx.settings),
		};
		const links: NodeNeighbourhood = {
			weightedSupportiveDegree: random() < 0.2 ? 0 : random() * 40,
			degree: Math.floor(random() * 30),
			neighbourHubShare: random(),
		};
		return { node, links };
	});
}

describe("scoreAll", () => {
	it("gives exactly the numbers scoreNode gives, for every decay model", () => {
		const nodes = randomNodes(1000, 11);
		const now = days(1500);
		const columns = {
			lastUse: Float64Array.from(nodes, ({ node }) => lastUseOf(node).at),
			lastRecall: Float64Array.from(nodes, ({ node }) => node.recall.last),
			recallStrength: Float64Array.from(nodes, ({ node }) => node.recall.strength),
			stability: Float64Array.from(nodes, ({ node }) => node.recall.stability),
			weightedDegree: Float64Array.from(nodes, ({ links }) => links.weightedSupportiveDegree),
			degree: Uint32Array.from(nodes, ({ links }) => links.degree),
			neighbourHubShare: Float64Array.from(nodes, ({ links }) => links.neighbourHubShare),
		};
		for (const decayModel of DECAY_MODELS) {
			const ctx = context({ relevance: { decayModel } });
			const retention = scoreAll(columns, ctx, now);
			const consolidation = consolidateAll(columns, ctx, now);
			nodes.forEach(({ node, links }, i) => {
				const single = scoreNode(node, links, ctx, now);
				expect(retention[i]).toBe(single.retention);
				expect(consolidation[i]).toBe(single.consolidation);
			});
		}
	});

	it("writes into a given output array", () => {
		const out = new Float64Array(2);
		const columns = {
			lastUse: Float64Array.of(T0, T0),
			lastRecall: Float64Array.of(0, 0),
			recallStrength: Float64Array.of(0, 0),
			stability: Float64Array.of(1, 1),
			weightedDegree: Float64Array.of(0, 16),
		};
		expect(scoreAll(columns, context(), T0, out)).toBe(out);
		expect(Array.from(out)).toEqual([0.1 * 0.5, 1 * 0.5]);
	});
});
