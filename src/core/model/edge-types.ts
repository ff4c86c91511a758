export const EDGE_TYPES = [
	"caused_by",
	"supports",
	"derived_from",
	"related_to",
	"contradicts",
	"supersedes",
] as const;

export type EdgeType = (typeof EDGE_TYPES)[number];

export interface EdgeTypeInfo {
	/** Supportive edges count towards connectivity and decide who is an orphan. */
	readonly supportive: boolean;
	/** Weight of the edge in the weighted supportive degree. */
	readonly causalWeight: number;
	readonly meaning: string;
}

export const EDGE_TYPE_INFO: Readonly<Record<EdgeType, EdgeTypeInfo>> = {
	caused_by: { supportive: true, causalWeight: 1.0, meaning: "source happened because of target" },
	supports: { supportive: true, causalWeight: 1.0, meaning: "source is evidence for target" },
	derived_from: { supportive: true, causalWeight: 0.8, meaning: "source was abstracted from target" },
	related_to: { supportive: true, causalWeight: 0.5, meaning: "association" },
	contradicts: { supportive: false, causalWeight: 0, meaning: "conflicting memories" },
	supersedes: { supportive: false, causalWeight: 0, meaning: "source replaces target" },
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
