import { AUTO_LINK_KEY, type EdgeType } from "../model/edge-types";
import type { ParsedNote } from "../model/parsed-note";
import { splitLinkpath } from "../parse/link-resolver";

/** The frontmatter change that removes a typed link, and what stays because it is written elsewhere. */
export interface LinkRemoval {
	/** Keys to set (a shorter list) or remove (undefined); empty when nothing is written in a removable list. */
	patch: Record<string, unknown>;
	/** Link entries dropped. */
	removed: number;
	/** Properties that also hold the link but are not typed link lists of that type (nested values, other keys): left alone. */
	keptIn: string[];
}

/** `caused_by.0` (Obsidian's key for a list entry) → ["caused_by", 0]; `caused_by` → ["caused_by", null]; deeper keys → null. */
function listEntry(key: string): [string, number | null] | null {
	const match = /^([^.]+)(?:\.(\d+))?$/.exec(key);
	if (!match) return null;
	return [match[1], match[2] === undefined ? null : Number(match[2])];
}

/** The edge type a property's links make (see extractLinks): the mapped type, related_to for the auto-link list; null for other keys. */
function typeOfKey(key: string, edgeKeys: Readonly<Record<string, EdgeType>>): EdgeType | null {
	if (key === AUTO_LINK_KEY) return "related_to";
	return edgeKeys[key] ?? edgeKeys[key.toLowerCase()] ?? null;
}

/**
 * Which frontmatter link entries of a note make the edge `type` to the note `resolvesToTarget`
 * accepts, and the patch that drops them: entries of top-level lists (or a single link value)
 * under keys mapped to the type. Links the patch cannot remove without touching other data
 * are reported in keptIn.
 */
export function linkRemoval(
	parsed: ParsedNote,
	type: EdgeType,
	edgeKeys: Readonly<Record<string, EdgeType>>,
	resolvesToTarget: (linkpath: string) => boolean,
): LinkRemoval {
	const frontmatter = parsed.frontmatter ?? {};
	const drop = new Map<string, Set<number> | "whole">();
	const keptIn: string[] = [];
	for (const ref of parsed.frontmatterLinks) {
		if (!resolvesToTarget(splitLinkpath(ref.link).path)) continue;
		const entry = listEntry(ref.key);
		const property = entry?.[0] ?? ref.key.split(".")[0];
		const keyType = typeOfKey(property, edgeKeys);
		if (keyType !== type) {
			// Untyped link properties make related_to edges too, but they are the user's data.
			if (keyType === null && type === "related_to") keptIn.push(property);
			continue;
		}
		const value = frontmatter[property];
		if (entry !== null && entry[1] === null && typeof value === "string") drop.set(property, "whole");
		else if (entry !== null && entry[1] !== null && Array.isArray(value)) {
			const indices = drop.get(property);
			if (indices === "whole") continue;
			drop.set(property, (indices ?? new Set<number>()).add(entry[1]));
		} else keptIn.push(property);
	}
	const patch: Record<string, unknown> = {};
	let removed = 0;
	for (const [property, indices] of drop) {
		if (indices === "whole") {
			patch[property] = undefined;
			removed++;
			continue;
		}
		const list = frontmatter[property] as unknown[];
		const kept = list.filter((_, i) => !indices.has(i));
		removed += list.length - kept.length;
		patch[property] = kept.length === 0 ? undefined : kept;
	}
	return { patch, removed, keptIn: [...new Set(keptIn)] };
}
