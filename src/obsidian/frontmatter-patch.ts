import { sameData } from "../core/frontmatter/same-data";
import type { FrontmatterPatch } from "../core/model/vault";

/** Applies a patch to a frontmatter object in place; `undefined` removes the key. */
export function applyPatch(frontmatter: Record<string, unknown>, patch: FrontmatterPatch): void {
	for (const [key, value] of Object.entries(patch)) {
		if (value === undefined) delete frontmatter[key];
		else frontmatter[key] = value;
	}
}

/** True when writing the patch would change nothing. */
export function patchIsApplied(frontmatter: Record<string, unknown>, patch: FrontmatterPatch): boolean {
	return Object.entries(patch).every(([key, value]) =>
		value === undefined ? !Object.hasOwn(frontmatter, key) : Object.hasOwn(frontmatter, key) && sameData(frontmatter[key], value),
	);
}
