import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CARD_HEIGHT, chainCanvas, EDGE_COLORS } from "../../../src/core/canvas/chain-canvas";
import { MemoryGraph } from "../../../src/core/graph/memory-graph";
import { parseIndexSettings } from "../../../src/core/model/index-settings";
import { parseNote } from "../../../src/core/parse/parse-note";
import { canvasProblems } from "./canvas-spec";

const EXAMPLES = join(__dirname, "../../../examples/vault");

function markdownFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return markdownFiles(path);
		return name.endsWith(".md") ? [path] : [];
	});
}

function graphOf(notes: Record<string, string>): MemoryGraph {
	const graph = new MemoryGraph({ edgeKeys: parseIndexSettings({}).edgeKeys });
	graph.setNotes(
		Object.entries(notes).map(([path, content]) => ({
			path,
			mtime: 1000,
			ctime: 500,
			size: content.length,
			parsed: parseNote(content),
		})),
	);
	return graph;
}

const examples = graphOf(
	Object.fromEntries(
		markdownFiles(EXAMPLES).map((file) => [relative(EXAMPLES, file).split("\\").join("/"), readFileSync(file, "utf8")]),
	),
);

describe("chainCanvas", () => {
	it("writes valid JSON Canvas for every note of examples/vault, at depths 1 to 4", () => {
		let edgesDrawn = 0;
		for (const path of examples.notePaths())
			for (const depth of [1, 2, 3, 4]) {
				const { canvas } = chainCanvas(examples, path, { depth });
				// Through JSON, as the file is written and read.
				expect(canvasProblems(JSON.parse(JSON.stringify(canvas))), `${path} at depth ${depth}`).toEqual([]);
				expect(canvas.nodes.filter((node) => node.file === path)).toHaveLength(1);
				edgesDrawn += canvas.edges.length;
			}
		expect(edgesDrawn).toBeGreaterThan(100);
	});

	it("puts causes and evidence left of the note, consequences right, by hops", () => {
		const start = "Decisions/Use CRDTs for note merging.md";
		const { canvas } = chainCanvas(examples, start, { depth: 2 });
		const x = (path: string): number => {
			const node = canvas.nodes.find((candidate) => candidate.file === path);
			if (!node) throw new Error(`${path} is not on the canvas`);
			return node.x;
		};
		const own = x(start);
		// Its caused_by target is a cause; the experiment supports it (evidence).
		expect(x("Incidents/Lost edits after concurrent save.md")).toBeLessThan(own);
		expect(x("Experiments/CRDT library comparison.md")).toBeLessThan(own);
		const edge = canvas.edges.find((candidate) => candidate.label === "caused_by");
		expect(edge?.color).toBe(EDGE_COLORS.caused_by);
		const startNode = canvas.nodes.find((node) => node.file === start);
		expect(startNode?.color).toBe("2");
	});

	it("columns step by one hop, and a deeper chain needs a larger depth", () => {
		const graph = graphOf({
			"A.md": "",
			"B.md": "caused_by:: [[A]]",
			"C.md": "caused_by:: [[B]]",
			"D.md": "caused_by:: [[C]]",
			"E.md": "supports:: [[B]]",
		});
		const shallow = chainCanvas(graph, "B.md", { depth: 1 }).canvas;
		expect(shallow.nodes.map((node) => node.file).sort()).toEqual(["A.md", "B.md", "C.md", "E.md"]);
		const deep = chainCanvas(graph, "B.md", { depth: 2 }).canvas;
		const xs = Object.fromEntries(deep.nodes.map((node) => [node.file, node.x]));
		expect(xs["A.md"]).toBeLessThan(xs["B.md"]);
		expect(xs["E.md"]).toBe(xs["A.md"]);
		expect(xs["C.md"] - xs["B.md"]).toBe(xs["B.md"] - xs["A.md"]);
		expect(xs["D.md"] - xs["C.md"]).toBe(xs["C.md"] - xs["B.md"]);
		expect(deep.edges.map((edge) => edge.label).sort()).toEqual(["caused_by", "caused_by", "caused_by", "supports"]);
		// An edge across columns leaves by the facing side.
		const bToA = deep.edges.find((edge) => edge.label === "caused_by" && edge.fromNode === nodeId(deep, "B.md"));
		expect([bToA?.fromSide, bToA?.toSide]).toEqual(["left", "right"]);
	});

	it("leaves out a body link between two notes that have a typed link, not a lone one", () => {
		const graph = graphOf({
			"Effect.md": "caused_by:: [[Cause]]\nSee [[Cause]] and [[Aside]].",
			"Cause.md": "",
			"Aside.md": "caused_by:: [[Cause]]",
		});
		const { canvas } = chainCanvas(graph, "Cause.md");
		const labels = canvas.edges.map((edge) => edge.label).sort();
		expect(labels).toEqual(["caused_by", "caused_by", "related_to"]);
	});

	it("marks what contradicts the note in red, in its own column, and draws the same file twice", () => {
		const graph = graphOf({
			"Claim.md": "caused_by:: [[Cause]]",
			"Cause.md": "",
			"Doubt.md": "contradicts:: [[Claim]]",
		});
		const first = chainCanvas(graph, "Claim.md").canvas;
		const doubt = first.nodes.find((node) => node.file === "Doubt.md");
		const claim = first.nodes.find((node) => node.file === "Claim.md");
		expect(doubt?.color).toBe("1");
		expect(doubt?.x).toBe(claim?.x);
		expect(Math.abs((doubt?.y ?? 0) - (claim?.y ?? 0))).toBeGreaterThanOrEqual(CARD_HEIGHT);
		const contradiction = first.edges.find((edge) => edge.label === "contradicts");
		expect(contradiction?.color).toBe("1");
		expect(JSON.stringify(chainCanvas(graph, "Claim.md").canvas)).toBe(JSON.stringify(first));
	});

	it("keeps each side within its card limit and says so", () => {
		const notes: Record<string, string> = { "Hub.md": "" };
		for (let i = 0; i < 30; i++) notes[`Effect ${i}.md`] = "caused_by:: [[Hub]]";
		const graph = graphOf(notes);
		const { canvas, truncated } = chainCanvas(graph, "Hub.md", { maxPerSide: 10 });
		expect(truncated).toBe(true);
		expect(canvas.nodes).toHaveLength(11);
		expect(canvasProblems(canvas)).toEqual([]);
		expect(chainCanvas(graph, "Hub.md").truncated).toBe(false);
	});
});

function nodeId(canvas: { nodes: { id: string; file: string }[] }, file: string): string | undefined {
	return canvas.nodes.find((node) => node.file === file)?.id;
}

describe("canvasProblems (the spec check above)", () => {
	it("finds overlapping cards, dangling edges, repeated ids and bad colours or sides", () => {
		const card = { type: "file", file: "A.md", x: 0, y: 0, width: 100, height: 100 };
		expect(
			canvasProblems({
				nodes: [
					{ ...card, id: "a" },
					{ ...card, id: "b", x: 50, color: "7" },
				],
				edges: [
					{ id: "a", fromNode: "a", toNode: "c", fromSide: "middle" },
					{ id: "e", fromNode: "a", toNode: "b", color: "#12" },
				],
			}),
		).toEqual([
			'node b: colour "7" is not a preset',
			"cards a and b overlap",
			"id a is used twice",
			"edge a: toNode names no node",
			'edge a: fromSide "middle" is not a side',
			'edge e: colour "#12" is not a preset',
		]);
	});
});
