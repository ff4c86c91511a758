import type { LastUse } from "../scoring/activity";

/** Everything one maintenance pass knows about a node, as plain values. */
export interface LifecycleInput {
	path: string;
	retention: number;
	consolidation: number;
	lastUse: LastUse;
	/** No supportive edge in either direction. */
	orphan: boolean;
	/** Frontmatter `memory_pinned: true`. */
	pinned: boolean;
	/** Frontmatter `memory_category`, if any. */
	category: string | null;
	/** Created by the plugin (`memory_source: mcp`); only such notes may be archived or trashed. */
	pluginCreated: boolean;
}
