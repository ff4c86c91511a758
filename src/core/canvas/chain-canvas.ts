import { causalChain, type ChainStep } from "../graph/causal";
import type { MemoryGraph } from "../graph/memory-graph";
import type { EdgeType } from "../model/edge-types";
import { fnv1a64 } from "../util/content-hash";
import type { CanvasColor, CanvasEdge, CanvasFileNode, CanvasSide, JsonCanvas } from "./json-canvas";

const CARD_WIDTH = 320;
export const CARD_HEIGHT = 160;
/** Room between columns for the edge labels. */
const COLUMN_GAP = 200;
const ROW_GAP = 60;
/** Default and largest depth of the chain on either side. */
const DEFAULT_CANVAS_DEPTH = 3;
export const MAX_CANVAS_DEPTH = 10;
/** Cards per side at most: a hub's chain has thousands, and a canvas of them is unreadable anyway. */
const MAX_CARDS_PER_SIDE = 60;

/** Edge colour by family: causal, support, association, contradiction, replacement. */
export const EDGE_COLORS: Readonly<Record<EdgeType, CanvasColor>> = {
	caused_by: "5",
	derived_from: "5",
	supports: "4",
	related_to: "3",
	contradicts: "1",
	supersedes: "6",
};
/** The note the chain is drawn for. */
const START_COLOR: CanvasColor = "2";
/** A card that contradicts the start note. */
const CONTRADICTION_COLOR: CanvasColor = "1";

export interface ChainCanvasOptions {
	/** Hops on either side (default DEFAULT_CANVAS_DEPTH, at most MAX_CANVAS_DEPTH). */
	depth?: number;
	/** Cards per side at most (default MAX_CARDS_PER_SIDE). */
	maxPerSide?: number;
}

export interface ChainCanvas {
	canvas: JsonCanvas;
	/** Cards left out because a side reached its limit. */
	truncated: boolean;
}

interface Placed {
	path: string;
	column: number;
	/** Sort key within the column: the row of the card it was reached through. */
	parentRow: number;
	color?: CanvasColor;
}

/**
 * The causal chain of `start` as a JSON Canvas: its causes and evidence in columns to the left
 * (one column per hop), its consequences to the right, the notes that contradict or replace it
 * beside it in its own column; every edge of the graph between two cards drawn (but a related_to
 * between two notes that have a typed edge), labelled with its type and coloured by family
 * (EDGE_COLORS), contradictions in red. Ids are hashes of the
 * paths (and of source, type, target for edges), so drawing the same chain again gives the same
 * file. The start must be a memory in the graph.
 */
export function chainCanvas(graph: MemoryGraph, start: string, options: ChainCanvasOptions = {}): ChainCanvas {
	const depth = Math.min(Math.max(1, Math.floor(options.depth ?? DEFAULT_CANVAS_DEPTH)), MAX_CANVAS_DEPTH);
	const maxPerSide = options.maxPerSide ?? MAX_CARDS_PER_SIDE;
	const upstream = causalChain(graph, start, "upstream", depth, { maxSteps: maxPerSide + 1 });
	const downstream = causalChain(graph, start, "downstream", depth, { maxSteps: maxPerSide + 1 });
	const truncated = upstream.length > maxPerSide || downstream.length > maxPerSide;

	const placed = new Map<string, Placed>([[start, { path: start, column: 0, parentRow: 0, color: START_COLOR }]]);
	const rows = new Map<string, number>([[start, 0]]);
	for (const other of besideStart(graph, start)) {
		if (!placed.has(other.path)) placed.set(other.path, { ...other, column: 0, parentRow: 1 });
	}
	placeSide(upstream.slice(0, maxPerSide), -1, placed, rows);
	placeSide(downstream.slice(0, maxPerSide), 1, placed, rows);

	const nodes = layOut([...placed.values()]);
	const byPath = new Map(nodes.map((node) => [node.file, node]));
	const edges: CanvasEdge[] = [];
	const edgeIds = new Set<string>();
	const typedPairs = new Set<string>();
	for (const path of placed.keys())
		for (const edge of graph.outEdges(path))
			if (edge.type !== "related_to") typedPairs.add(pairKey(edge.source, edge.target));
	for (const path of placed.keys()) {
		for (const edge of graph.outEdges(path)) {
			const from = byPath.get(edge.source);
			const to = byPath.get(edge.target);
			if (!from || !to) continue;
			// A body link beside a typed link between the same two notes says nothing more, and would hide its label.
			if (edge.type === "related_to" && typedPairs.has(pairKey(edge.source, edge.target))) continue;
			const [fromSide, toSide] = sidesBetween(from, to);
			edges.push({
				id: uniqueId(`${edge.source}\n${edge.type}\n${edge.target}`, edgeIds),
				fromNode: from.id,
				fromSide,
				toNode: to.id,
				toSide,
				color: EDGE_COLORS[edge.type],
				label: edge.type,
			});
		}
	}
	return { canvas: { nodes, edges }, truncated };
}

/** Notes that contradict the start or replace it, or that it replaces: shown in its column. */
function besideStart(graph: MemoryGraph, start: string): { path: string; color?: CanvasColor }[] {
	const beside: { path: string; color?: CanvasColor }[] = [];
	const visit = (path: string, type: EdgeType): void => {
		if (type === "contradicts") beside.push({ path, color: CONTRADICTION_COLOR });
		else if (type === "supersedes") beside.push({ path });
	};
	for (const edge of graph.outEdges(start)) visit(edge.target, edge.type);
	for (const edge of graph.inEdges(start)) visit(edge.source, edge.type);
	return beside;
}

/** Puts each step in the column of its depth on `sign`'s side, unless the note is placed already (a cycle). */
function placeSide(steps: ChainStep[], sign: -1 | 1, placed: Map<string, Placed>, rows: Map<string, number>): void {
	// Steps come breadth first, so the card a step was reached through is placed (and has its row) before it.
	let column = 0;
	let row = 0;
	for (const step of steps) {
		if (placed.has(step.path)) continue;
		if (step.depth !== column) {
			column = step.depth;
			row = 0;
		}
		placed.set(step.path, { path: step.path, column: sign * step.depth, parentRow: rows.get(step.via) ?? 0 });
		rows.set(step.path, row++);
	}
}

/** Cards in columns left to right, each column stacked around y = 0 in the order of the cards they were reached through. */
function layOut(cards: Placed[]): CanvasFileNode[] {
	const columns = new Map<number, Placed[]>();
	for (const card of cards) {
		const column = columns.get(card.column);
		if (column) column.push(card);
		else columns.set(card.column, [card]);
	}
	const ids = new Set<string>();
	const nodes: CanvasFileNode[] = [];
	for (const [column, members] of [...columns].sort(([a], [b]) => a - b)) {
		members.sort((a, b) => a.parentRow - b.parentRow || a.path.localeCompare(b.path));
		const top = (-(members.length - 1) * (CARD_HEIGHT + ROW_GAP)) / 2;
		members.forEach((card, index) => {
			nodes.push({
				id: uniqueId(card.path, ids),
				type: "file",
				file: card.path,
				x: column * (CARD_WIDTH + COLUMN_GAP) - CARD_WIDTH / 2,
				y: Math.round(top + index * (CARD_HEIGHT + ROW_GAP) - CARD_HEIGHT / 2),
				width: CARD_WIDTH,
				height: CARD_HEIGHT,
				...(card.color === undefined ? {} : { color: card.color }),
			});
		});
	}
	return nodes;
}

/** The sides an edge leaves and enters by: facing sides across columns, bottom to top within one. */
function sidesBetween(from: CanvasFileNode, to: CanvasFileNode): [CanvasSide, CanvasSide] {
	if (from.x < to.x) return ["right", "left"];
	if (from.x > to.x) return ["left", "right"];
	return from.y < to.y ? ["bottom", "top"] : ["top", "bottom"];
}

function pairKey(a: string, b: string): string {
	return a < b ? `${a}\n${b}` : `${b}\n${a}`;
}

/** A 16-hex-digit id from `key`, the next hash when two keys collide. */
function uniqueId(key: string, taken: Set<string>): string {
	let id = fnv1a64(key);
	while (taken.has(id)) id = fnv1a64(`${id}\n${key}`);
	taken.add(id);
	return id;
}
