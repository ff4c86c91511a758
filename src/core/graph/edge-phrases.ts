import type { EdgeType } from "../model/edge-types";

/** How a memory relates to the other end of an edge, in words: "A caused by B" for A → B, "B led to A" read from B. */
export type EdgeSide = "out" | "in";

const OUT: Readonly<Record<EdgeType, string>> = {
	caused_by: "caused by",
	supports: "supports",
	derived_from: "derived from",
	related_to: "related to",
	contradicts: "contradicts",
	supersedes: "supersedes",
};

const IN: Readonly<Record<EdgeType, string>> = {
	caused_by: "led to",
	supports: "supported by",
	derived_from: "source of",
	related_to: "related to",
	contradicts: "contradicted by",
	supersedes: "superseded by",
};

/** The phrase X in "this memory X the other one", for an edge leaving ("out") or reaching ("in") this memory. */
export function edgePhrase(type: EdgeType, side: EdgeSide): string {
	return side === "out" ? OUT[type] : IN[type];
}
