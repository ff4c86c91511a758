import { afterEach, describe, expect, it } from "vitest";
import { NEIGHBOURS_SHOWN, noteOverview, SPARKLINE_WEEKS } from "../../../src/engine/inspector/note-overview";
import { DAY, overviewEngine, stopOverviewEngines } from "./overview-harness";

afterEach(stopOverviewEngines);

describe("noteOverview", () => {
	it("is memory_explain's explanation with the forces, typed causal chain and neighbours by relation spelled out", async () => {
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
			`its supportive links weigh 2; ${scores.connectivity.referenceDegree} gives the full score (the links are listed below)`,
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
		const relations = (path: string) =>
			noteOverview(engine, path).neighbours.map((group) => [
				group.family,
				group.relation,
				group.notes.map((note) => note.title),
				group.more,
			]);
		// In and out, by relation, in the words memory_get uses; evidence counts with the causes.
		expect(relations("Outage.md")).toEqual([
			["causes", "caused by", ["Deploy"], 0],
			["causes", "supported by", ["Postmortem"], 0],
			["contradictions", "contradicted by", ["Rumour"], 0],
		]);
		expect(relations("Deploy.md")).toEqual([
			["causes", "caused by", ["Config change"], 0],
			["consequences", "led to", ["Outage"], 0],
		]);
		expect(relations("Postmortem.md")).toEqual([
			["consequences", "supports", ["Outage"], 0],
			["other", "supersedes", ["Draft"], 0],
		]);
		expect(relations("Draft.md")).toEqual([["other", "superseded by", ["Postmortem"], 0]]);
		expect(relations("Rumour.md")).toEqual([["contradictions", "contradicts", ["Outage"], 0]]);
		expect(overview.proposal).toBeNull();
	});

	it("names at most NEIGHBOURS_SHOWN per relation, by title, and counts the rest", async () => {
		const causes = ["Fig", "Apple", "Cherry", "Elder", "Banana", "Grape", "Date"];
		const notes: Record<string, string> = {
			"Harvest.md": `---\ncaused_by:\n${causes.map((cause) => `  - "[[${cause}]]"`).join("\n")}\n---\nA good year.`,
		};
		for (const cause of causes) notes[`${cause}.md`] = `${cause} trees.`;
		const { engine } = await overviewEngine({ notes });
		const [group] = noteOverview(engine, "Harvest.md").neighbours;
		expect(NEIGHBOURS_SHOWN).toBe(5);
		expect(group?.notes.map((note) => note.title)).toEqual(["Apple", "Banana", "Cherry", "Date", "Elder"]);
		expect(group?.more).toBe(2);
	});

	it("takes each relation's family from EDGE_TYPE_INFO, a replacement before an association among the others", async () => {
		const links = [
			'related_to: "[[Notes]]"',
			'supersedes: "[[Draft]]"',
			'contradicts: "[[Rumour]]"',
			'supports: "[[Goal]]"',
		];
		const notes: Record<string, string> = { "Plan.md": `---\n${links.join("\n")}\n---\nThe plan.` };
		for (const other of ["Notes", "Draft", "Rumour", "Goal"]) notes[`${other}.md`] = `${other}.`;
		const { engine } = await overviewEngine({ notes });
		expect(noteOverview(engine, "Plan.md").neighbours.map((group) => [group.family, group.type, group.side])).toEqual([
			["consequences", "supports", "out"],
			["contradictions", "contradicts", "out"],
			["other", "supersedes", "out"],
			["other", "related_to", "out"],
		]);
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
