export const EDGE_TYPES = ["caused_by", "supports", "derived_from", "related_to", "contradicts", "supersedes"] as const;

export type EdgeType = (typeof EDGE_TYPES)[number];

export interface EdgeTypeInfo {
	/** Supportive edges count towards connectivity and decide who is an orphan. */
	readonly supportive: boolean;
	/** Weight of the edge in the weighted supportive degree. */
	readonly causalWeight: number;
	/** What an edge of this type says, source first: shown to MCP clients and in the docs. */
	readonly meaning: string;
	/**
	 * Which end is the cause or the evidence (upstream) of the other: the target for caused_by
	 * and derived_from, the source for supports; null for types without a causal direction.
	 */
	readonly upstreamEnd: "source" | "target" | null;
	/** The source replaces the target: recall demotes the target and tags it superseded. */
	readonly replacesTarget: boolean;
	/**
	 * The edge records that its two ends disagree (they conflict, or one replaces the other):
	 * recall no longer flags the pair as a possible conflict, and the memory view lists such
	 * relations first in their family.
	 */
	readonly marksConflict: boolean;
}

export const EDGE_TYPE_INFO: Readonly<Record<EdgeType, EdgeTypeInfo>> = {
	caused_by: {
		supportive: true,
		causalWeight: 1.0,
		meaning: "the source happened because of the target",
		upstreamEnd: "target",
		replacesTarget: false,
		marksConflict: false,
	},
	supports: {
		supportive: true,
		causalWeight: 1.0,
		meaning: "the source is evidence for the target",
		upstreamEnd: "source",
		replacesTarget: false,
		marksConflict: false,
	},
	derived_from: {
		supportive: true,
		causalWeight: 0.8,
		meaning: "the source was abstracted from the target",
		upstreamEnd: "target",
		replacesTarget: false,
		marksConflict: false,
	},
	related_to: {
		supportive: true,
		causalWeight: 0.5,
		meaning: "association",
		upstreamEnd: null,
		replacesTarget: false,
		marksConflict: false,
	},
	contradicts: {
		supportive: false,
		causalWeight: 0,
		meaning: "the two conflict",
		upstreamEnd: null,
		replacesTarget: false,
		marksConflict: true,
	},
	supersedes: {
		supportive: false,
		causalWeight: 0,
		meaning: "the source replaces the target",
		upstreamEnd: null,
		replacesTarget: true,
		marksConflict: true,
	},
};

export function isEdgeType(value: string): value is EdgeType {
	return (EDGE_TYPES as readonly string[]).includes(value);
}

/** How an edge came to exist; kept on every edge so `explain` can show provenance. */
export type EdgeOrigin =
	| "frontmatter" // a link-valued property in YAML
	| "inline_field" // Dataview-style `key:: [[X]]`
	| "wikilink" // a body link or embed
	| "auto_link" // created by store-time similarity
	| "mcp"; // created through an MCP tool

/** The frontmatter list where store-time auto-links are written; its links are related_to edges of origin auto_link. */
export const AUTO_LINK_KEY = "memory_auto_links";
