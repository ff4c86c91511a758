import { afterEach, describe, expect, it } from "vitest";
import { noteOverview, SPARKLINE_WEEKS } from "../../../src/engine/inspector/note-overview";
import { DAY, overviewEngine, stopOverviewEngines } from "./overview-harness";

afterEach(stopOverviewEngines);

describe("noteOverview", () => {
	it("is memory_explain's explanation with the forces, typed causal chain, supersedes and conflicts spelled out", async () => {
		const { engine } = await overviewEngine();
		const overview = noteOverview(engine, "Deploy.md");
		expect(overview.explanation).toEqual(engine.inspector.explain("Deploy.md"));
		const { scores } = overview.explanation;
		expect(overview.forces.map((force) => [force.name, force.value])).toEqual([
			["relevance", scores.relevance.value],
			["connectivity", scores.connectivity.value],
			["reactivation", scores.reactivation.value],
		]);
		expect(overview.forces[1]?.detail).toBe(
			`2 supportive neighbours, weighted degree 2 of ${scores.connectivity.referenceDegree} for full score`,
		);
		expect(overview.upstream).toEqual([
			{
				path: "Config change.md",
				title: "Config change",
				depth: 1,
				via: "Deploy.md",
				edges: [{ type: "caused_by", source: "Deploy.md", provenance: [{ origin: "frontmatter", key: "caused_by" }] }],
			},
		]);
		expect(
			overview.downstream.map((link) => [link.path, link.depth, link.via, link.edges.map((edge) => edge.type)]),
		).toEqual([["Outage.md", 1, "Deploy.md", ["caused_by"]]]);
		// Evidence is upstream too: Postmortem supports Outage.
		expect(
			noteOverview(engine, "Outage.md").upstream.map((link) => [
				link.path,
				link.depth,
				link.via,
				link.edges.map((edge) => `${edge.source} ${edge.type}`),
			]),
		).toEqual([
			["Deploy.md", 1, "Outage.md", ["Outage.md caused_by"]],
			["Postmortem.md", 1, "Outage.md", ["Postmortem.md supports"]],
			["Config change.md", 2, "Deploy.md", ["Deploy.md caused_by"]],
		]);
		expect(noteOverview(engine, "Postmortem.md").supersedes).toEqual([{ path: "Draft.md", title: "Draft" }]);
		expect(noteOverview(engine, "Draft.md").supersededBy).toEqual([{ path: "Postmortem.md", title: "Postmortem" }]);
		expect(noteOverview(engine, "Outage.md").conflicts).toEqual([{ path: "Rumour.md", title: "Rumour" }]);
		expect(noteOverview(engine, "Rumour.md").conflicts).toEqual([{ path: "Outage.md", title: "Outage" }]);
		expect(overview.proposal).toBeNull();
	});

	it("counts recalls per week for the sparkline, the latest week last", async () => {
		const { engine, advance } = await overviewEngine();
		await engine.recall("pool size");
		advance(8 * DAY);
		await engine.recall("pool size");
		await engine.recall("pool size");
		const overview = noteOverview(engine, "Config change.md");
		expect(overview.recalls).toHaveLength(3);
		expect(overview.recallsPerWeek).toHaveLength(SPARKLINE_WEEKS);
		expect(overview.recallsPerWeek.slice(-2)).toEqual([1, 2]);
		expect(overview.explanation.scores.reactivation.recalls).toBe(3);
		expect(overview.forces[2]?.detail).toMatch(/^3 recalls, strength /);
	});
});
