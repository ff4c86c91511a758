/** Where a memory stands: active → dormant → fading → pruned by passes, or core (pinned or promoted). */
export const LIFECYCLE_STATUSES = ["active", "dormant", "fading", "pruned", "core"] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

/** What happens to a memory that is pruned: marked in its frontmatter, archived, or trashed. */
export const PRUNE_ACTIONS = ["mark", "archive", "trash"] as const;
export type PruneAction = (typeof PRUNE_ACTIONS)[number];
