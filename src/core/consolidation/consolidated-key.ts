/**
 * The frontmatter key that marks a memory as consolidated into a summary: `"[[Summary]]"`,
 * written the way `memory_status` is. An unmapped link property, so it is also a related_to
 * edge from the member to its summary; maintenance finds consolidated members by that edge.
 */
export const CONSOLIDATED_INTO_KEY = "memory_consolidated_into";

/** Whether the frontmatter says the memory was consolidated into another (any non-empty value). */
export function isConsolidated(frontmatter: Readonly<Record<string, unknown>> | undefined): boolean {
	const value = frontmatter?.[CONSOLIDATED_INTO_KEY];
	return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
}
