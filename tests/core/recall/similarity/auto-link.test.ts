import { describe, expect, it } from "vitest";
import { autoLinkFloorFor, DEFAULT_RECALL_SETTINGS } from "../../../../src/core/model/recall-settings";
import {
	autoLinkGraphView,
	chooseAutoLinks,
	type AutoLinkGraphView,
} from "../../../../src/core/recall/similarity/auto-link";
import { graphOf } from "../graph-fixture";

const limits = { cosineFloor: 0.45, maxLinksPerStore: 3, maxAutoLinksIntoNode: 10 };
const emptyGraph: AutoLinkGraphView = { autoLinksInto: () => 0, linked: () => false };
const targets = (links: { target: string }[]) => links.map((l) => l.target);

describe("chooseAutoLinks", () => {
	it("links the most similar memories at or above the floor, at most three", () => {
		const links = chooseAutoLinks(
			"New",
			[
				{ target: "Low", similarity: 0.44 },
				{ target: "Mid", similarity: 0.5 },
				{ target: "Floor", similarity: 0.45 },
				{ target: "Top", similarity: 0.9 },
				{ target: "High", similarity: 0.7 },
			],
			emptyGraph,
			limits,
		);
		expect(links).toEqual([
			{ target: "Top", similarity: 0.9 },
			{ target: "High", similarity: 0.7 },
			{ target: "Mid", similarity: 0.5 },
		]);
	});

	it("takes the floor as a parameter, so each model can have its own", () => {
		const similar = [{ target: "A", similarity: 0.3 }];
		expect(chooseAutoLinks("New", similar, emptyGraph, limits)).toEqual([]);
		expect(chooseAutoLinks("New", similar, emptyGraph, { ...limits, cosineFloor: 0.25 })).toEqual(similar);
	});

	it("skips a memory that already receives the maximum of auto-links and takes the next one", () => {
		const graph: AutoLinkGraphView = { autoLinksInto: (id) => (id === "Popular" ? 10 : 9), linked: () => false };
		const similar = [
			{ target: "Popular", similarity: 0.9 },
			{ target: "Nearly full", similarity: 0.8 },
		];
		expect(targets(chooseAutoLinks("New", similar, graph, limits))).toEqual(["Nearly full"]);
	});

	it("never links beside an existing edge, in either direction", () => {
		const graph = graphOf(["New -related_to-> Linked", "Backlinker -caused_by-> New"], ["Free"]);
		const similar = [
			{ target: "Linked", similarity: 0.9 },
			{ target: "Backlinker", similarity: 0.8 },
			{ target: "Free", similarity: 0.7 },
		];
		expect(targets(chooseAutoLinks("New", similar, autoLinkGraphView(graph), limits))).toEqual(["Free"]);
	});

	it("skips the memory itself, repeats and unusable similarities", () => {
		const similar = [
			{ target: "New", similarity: 1 },
			{ target: "A", similarity: 0.8 },
			{ target: "A", similarity: 0.6 },
			{ target: "B", similarity: Number.NaN },
		];
		expect(chooseAutoLinks("New", similar, emptyGraph, limits)).toEqual([{ target: "A", similarity: 0.8 }]);
	});

	it("orders equal similarities by id and honours a smaller per-store limit", () => {
		const similar = [
			{ target: "c", similarity: 0.6 },
			{ target: "a", similarity: 0.6 },
			{ target: "b", similarity: 0.6 },
		];
		expect(targets(chooseAutoLinks("New", similar, emptyGraph, { ...limits, maxLinksPerStore: 2 }))).toEqual([
			"a",
			"b",
		]);
		expect(chooseAutoLinks("New", similar, emptyGraph, { ...limits, maxLinksPerStore: 0 })).toEqual([]);
	});
});

describe("autoLinkGraphView", () => {
	it("counts only auto-link edges into a memory", () => {
		const graph = graphOf([
			"A -related_to-> Hub (auto)",
			"B -related_to-> Hub (auto)",
			"C -related_to-> Hub",
			"Hub -related_to-> D (auto)",
		]);
		const view = autoLinkGraphView(graph);
		expect(view.autoLinksInto("Hub")).toBe(2);
		expect(view.autoLinksInto("Missing")).toBe(0);
		expect(view.linked("Hub", "A")).toBe(true);
		expect(view.linked("A", "B")).toBe(false);
		expect(view.linked("A", "Missing")).toBe(false);
	});

	it("stops auto-linking into a memory once it has ten auto-links", () => {
		const edges = Array.from({ length: 10 }, (_, i) => `M${i} -related_to-> Hub (auto)`);
		const view = autoLinkGraphView(graphOf([...edges, "M0 -related_to-> Other (auto)"]));
		const similar = [
			{ target: "Hub", similarity: 0.9 },
			{ target: "Other", similarity: 0.5 },
		];
		expect(targets(chooseAutoLinks("New", similar, view, limits))).toEqual(["Other"]);
	});
});

describe("autoLinkFloorFor", () => {
	it("uses the model's own floor when set, else the general one", () => {
		const settings = { ...DEFAULT_RECALL_SETTINGS.autoLink, cosineFloorByModel: { "fixture/tiny-bert": 0.3 } };
		expect(autoLinkFloorFor(settings, "fixture/tiny-bert")).toBe(0.3);
		expect(autoLinkFloorFor(settings, "Xenova/all-MiniLM-L6-v2")).toBe(0.45);
	});
});
