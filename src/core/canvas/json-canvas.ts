/**
 * The parts of JSON Canvas 1.0 (https://jsoncanvas.org/spec/1.0/, Obsidian's `.canvas` format)
 * the chain canvas writes: file cards and labelled edges.
 */

/** A preset colour ("1" red, "2" orange, "3" yellow, "4" green, "5" cyan, "6" purple) or a hex colour. */
export type CanvasColor = "1" | "2" | "3" | "4" | "5" | "6";

export type CanvasSide = "top" | "right" | "bottom" | "left";

export interface CanvasFileNode {
	id: string;
	type: "file";
	/** The note's vault path. */
	file: string;
	x: number;
	y: number;
	width: number;
	height: number;
	color?: CanvasColor;
}

export interface CanvasEdge {
	id: string;
	fromNode: string;
	fromSide: CanvasSide;
	toNode: string;
	toSide: CanvasSide;
	color: CanvasColor;
	label: string;
}

export interface JsonCanvas {
	nodes: CanvasFileNode[];
	edges: CanvasEdge[];
}

export const CANVAS_COLORS: readonly CanvasColor[] = ["1", "2", "3", "4", "5", "6"];
export const CANVAS_SIDES: readonly CanvasSide[] = ["top", "right", "bottom", "left"];
