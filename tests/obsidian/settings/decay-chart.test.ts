// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { CHART_VAULT_STATS } from "../../../src/core/lifecycle/decay-chart-data";
import { atDay, EPOCH } from "../../../src/core/lifecycle/simulate";
import { parseScoringSettings } from "../../../src/core/model/scoring-settings";
import { NO_RECALLS } from "../../../src/core/scoring/activity";
import { createScoringContext } from "../../../src/core/scoring/context";
import { scoreNode } from "../../../src/core/scoring/score-node";
import { chartX, chartY, drawDecayChart } from "../../../src/obsidian/settings/decay-chart";
// Installs Obsidian's DOM helpers (createDiv, createSvg…) on the happy-dom document.
import "../../fakes/obsidian";

function pointsOf(parent: HTMLElement, series: string): [number, number][] {
	const line = parent.querySelector(`polyline[data-series="${series}"]`);
	return (line?.getAttribute("points") ?? "").split(" ").map((pair) => pair.split(",").map(Number) as [number, number]);
}

describe("the decay chart", () => {
	it.each([
		["defaults", {}],
		["exponential, short half-life", { relevance: { decayModel: "exponential", halfLifeDays: 3 } }],
	])("plots the scorer's retention for each day (%s)", (_name, input) => {
		const settings = parseScoringSettings(input);
		const parent = createDiv();
		drawDecayChart(parent, settings);
		// The hub and the once-used note are never touched: their activity is only the creation on day 0.
		const ctx = createScoringContext(settings, CHART_VAULT_STATS);
		const activity = { created: EPOCH, modified: EPOCH, lastOpened: null, lastLinked: null, recall: NO_RECALLS };
		const neighbourhoods = {
			hub: { weightedSupportiveDegree: CHART_VAULT_STATS.degreePercentile, degree: 12, neighbourHubShare: 0 },
			once: { weightedSupportiveDegree: 0.5, degree: 1, neighbourHubShare: 0 },
		};
		for (const [series, neighbourhood] of Object.entries(neighbourhoods)) {
			const points = pointsOf(parent, series);
			expect(points).toHaveLength(366);
			for (const day of [0, 1, 7, 30, 90, 180, 365]) {
				const retention = scoreNode(activity, neighbourhood, ctx, atDay(day)).retention;
				expect(points[day][0]).toBeCloseTo(chartX(day), 1);
				expect(points[day][1], `${series} day ${day}`).toBeCloseTo(chartY(retention), 1);
			}
		}
	});

	it("redraws with the thresholds of the settings it is given and names each archetype's status after a year", () => {
		const parent = createDiv();
		drawDecayChart(parent, parseScoringSettings({ lifecycle: { dormantThreshold: 0.05, fadingThreshold: 0.02 } }));
		const dormant = parent.querySelector(".causal-memory-chart-threshold-dormant");
		expect(Number(dormant?.getAttribute("y1"))).toBeCloseTo(chartY(0.05), 1);
		const legend = [...parent.querySelectorAll(".causal-memory-chart-legend-item")].map((item) => item.textContent);
		expect(legend).toContain("Pinned orphan: core after a year");
		expect(legend.find((text) => text?.startsWith("Opened every day"))).toBe("Opened every day: active after a year");
	});
});
