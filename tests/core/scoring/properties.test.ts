import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECAY_MODELS, parseScoringSettings } from "../../../src/core/model/scoring-settings";
import type { NodeActivity } from "../../../src/core/scoring/activity";
import { createScoringContext } from "../../../src/core/scoring/context";
import { summariseRecalls } from "../../../src/core/scoring/recall";
import { scoreNode } from "../../../src/core/scoring/score-node";
import { DAY_MS } from "../../../src/core/scoring/time";
import { T0 } from "./fixtures";

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const offset = (maxDays: number) => fc.integer({ min: 0, max: maxDays * DAY_MS });

const settingsArb = fc
	.record({
		decayModel: fc.constantFrom(...DECAY_MODELS),
		halfLifeDays: real(0.5, 60),
		powerLawExponent: real(0.1, 2),
		slowComponentWeight: real(0, 1),
		slowComponentFactor: real(1, 100),
		orphanFloor: real(0.01, 1),
		neverRecalledBaseline: real(0.01, 1),
		recallHalfLifeDays: real(1, 100),
		recallsForHalfBoost: real(0.1, 20),
		stabilityGain: real(0, 5),
		maxStability: real(1, 50),
	})
	.map((s) =>
		parseScoringSettings({
			relevance: {
				decayModel: s.decayModel,
				halfLifeDays: s.halfLifeDays,
				powerLawExponent: s.powerLawExponent,
				slowComponentWeight: s.slowComponentWeight,
				slowComponentFactor: s.slowComponentFactor,
			},
			connectivity: { orphanFloor: s.orphanFloor },
			reactivation: {
				neverRecalledBaseline: s.neverRecalledBaseline,
				recallHalfLifeDays: s.recallHalfLifeDays,
				recallsForHalfBoost: s.recallsForHalfBoost,
				stabilityGain: s.stabilityGain,
				maxStability: s.maxStability,
			},
		}),
	);

const statsArb = fc.record({ degreePercentile: real(0, 100), meanDegree: real(0, 10), nodeCount: fc.constant(1000) });

/** A node's uses as offsets from its creation, so every event comes after it. */
const historyArb = fc.record({
	created: offset(1000),
	modified: offset(200),
	opened: fc.option(offset(600)),
	linked: fc.option(offset(600)),
	recalls: fc.array(offset(600), { maxLength: 10 }),
});

const neighbourhoodArb = fc.record({
	weightedSupportiveDegree: real(0, 300),
	degree: fc.integer({ min: 0, max: 200 }),
	neighbourHubShare: real(0, 1),
});

type History = typeof historyArb extends fc.Arbitrary<infer H> ? H : never;

function activityOf(
	history: History,
	settings: ReturnType<typeof parseScoringSettings>,
	extraRecall?: number,
): NodeActivity {
	const created = T0 + history.created;
	const recalls = history.recalls.map((r) => created + r);
	if (extraRecall !== undefined) recalls.push(created + extraRecall);
	return {
		created,
		modified: created + history.modified,
		lastOpened: history.opened === null ? null : created + history.opened,
		lastLinked: history.linked === null ? null : created + history.linked,
		recall: summariseRecalls(recalls, settings),
	};
}

/** Later than every event a history can hold. */
const NOW = T0 + 1700 * DAY_MS;
const TOLERANCE = 1e-12;

describe("scoring properties", () => {
	it("keeps every factor and score in [0, 1]", () => {
		fc.assert(
			fc.property(
				settingsArb,
				statsArb,
				historyArb,
				neighbourhoodArb,
				offset(3000),
				(settings, stats, history, links, at) => {
					const score = scoreNode(activityOf(history, settings), links, createScoringContext(settings, stats), T0 + at);
					for (const value of Object.values(score)) {
						expect(value).toBeGreaterThanOrEqual(0);
						expect(value).toBeLessThanOrEqual(1);
					}
				},
			),
		);
	});

	it("never raises retention as time passes without an event", () => {
		fc.assert(
			fc.property(
				settingsArb,
				statsArb,
				historyArb,
				neighbourhoodArb,
				offset(2000),
				offset(2000),
				(settings, stats, history, links, a, b) => {
					const ctx = createScoringContext(settings, stats);
					const node = activityOf(history, settings);
					const earlier = scoreNode(node, links, ctx, NOW + Math.min(a, b)).retention;
					const later = scoreNode(node, links, ctx, NOW + Math.max(a, b)).retention;
					expect(later).toBeLessThanOrEqual(earlier * (1 + TOLERANCE));
				},
			),
		);
	});

	it("never lowers retention for one more recall, wherever it falls in the history", () => {
		fc.assert(
			fc.property(
				settingsArb,
				statsArb,
				historyArb,
				neighbourhoodArb,
				offset(600),
				(settings, stats, history, links, extra) => {
					const ctx = createScoringContext(settings, stats);
					const without = scoreNode(activityOf(history, settings), links, ctx, NOW).retention;
					const withMore = scoreNode(activityOf(history, settings, extra), links, ctx, NOW).retention;
					expect(withMore).toBeGreaterThanOrEqual(without * (1 - TOLERANCE));
				},
			),
		);
	});

	it("never lowers retention for more links", () => {
		fc.assert(
			fc.property(
				settingsArb,
				statsArb,
				historyArb,
				neighbourhoodArb,
				real(0, 100),
				(settings, stats, history, links, added) => {
					const ctx = createScoringContext(settings, stats);
					const node = activityOf(history, settings);
					const more = {
						...links,
						weightedSupportiveDegree: links.weightedSupportiveDegree + added,
						degree: links.degree + 1,
					};
					expect(scoreNode(node, more, ctx, NOW).retention).toBeGreaterThanOrEqual(
						scoreNode(node, links, ctx, NOW).retention,
					);
				},
			),
		);
	});
});
