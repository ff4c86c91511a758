import type { MemoryGraph } from "../../core/graph/memory-graph";
import { EDGE_TYPES, isEdgeType, type EdgeType } from "../../core/model/edge-types";
import { MemoryError } from "../../core/model/memory-error";
import { isIsoDate, ISO_DATE_HINT } from "../../core/model/iso-date";
import { isTagBody, tagBodyEnd } from "../../core/parse/tag-grammar";
import { refusedCharacter } from "../../core/model/note-text-rules";
import { resolveReadableMemoryId } from "../../core/graph/memory-ids";
import { edgeKeyFor, isLinkable } from "./memory-note-file";
import type { MemoryPermissions } from "../../core/permissions/memory-permissions";

/** Largest memory content accepted, in UTF-8 bytes: a long note, far below the index's note size limit. */
export const MAX_CONTENT_BYTES = 100 * 1024;
const MAX_LABEL_CHARS = 200;
const MAX_REASON_CHARS = 1000;
const MAX_LINKS = 100;

export interface StoreInput {
	content: string;
	title?: string;
	category?: string;
	related?: { id: string; type: string }[];
	relatedTo?: string[];
	sourceSession?: string;
	/** Store even when an existing memory has the same or nearly the same words. */
	allowDuplicate?: boolean;
	/** Tags without or with "#", written to `tags`. */
	tags?: string[];
	/** When the fact happened (ISO date), written to memory_event_date. */
	eventDate?: string;
}

export interface TypedLink {
	target: string;
	type: EdgeType;
}

/** The memory's text: a non-empty string of at most MAX_CONTENT_BYTES. */
export function checkContent(value: unknown, field: string): string {
	if (typeof value !== "string")
		throw new MemoryError(`${field} must be the memory's text as a string (got ${describe(value)}).`, field);
	if (value.trim() === "") throw new MemoryError(`${field} is empty; give the text of the memory.`, field);
	const bytes = new TextEncoder().encode(value).length;
	if (bytes > MAX_CONTENT_BYTES) {
		throw new MemoryError(
			`${field} is ${Math.ceil(bytes / 1024)} KB; a memory may hold at most ${MAX_CONTENT_BYTES / 1024} KB. Split it into several memories.`,
			field,
		);
	}
	return checkNoteText(value, field);
}

/** Refuses text the index could not read back as it was sent (see refusedCharacter). */
function checkNoteText(value: string, field: string): string {
	const refused = refusedCharacter(value);
	if (refused) {
		throw new MemoryError(
			`${field} contains ${refused.name} at character ${refused.index}; remove it. A memory is text: control characters other than tab and line breaks are refused.`,
			field,
		);
	}
	return value;
}

/** An optional title: any string (the writer turns it into a safe file name), at most 1000 characters. */
export function checkTitle(value: unknown, field: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") throw new MemoryError(`${field} must be a string (got ${describe(value)}).`, field);
	if (value.length > MAX_REASON_CHARS)
		throw new MemoryError(`${field} is longer than ${MAX_REASON_CHARS} characters; keep titles short.`, field);
	return value;
}

/** An optional one-line label (category, session id): trimmed, no line breaks, at most 200 characters. */
export function checkLabel(value: unknown, field: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") throw new MemoryError(`${field} must be a string (got ${describe(value)}).`, field);
	const label = value.trim();
	if (label === "") return undefined;
	// eslint-disable-next-line no-control-regex -- a label is one line of text
	if (/[\u0000-\u001f\u007f]/.test(label))
		throw new MemoryError(`${field} must be one line of text without control characters.`, field);
	if (label.length > MAX_LABEL_CHARS)
		throw new MemoryError(`${field} is longer than ${MAX_LABEL_CHARS} characters.`, field);
	return label;
}

/** An optional free-text reason: trimmed, at most 1000 characters, no control characters but tab and line breaks. */
export function checkReason(value: unknown, field: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") throw new MemoryError(`${field} must be a string (got ${describe(value)}).`, field);
	const reason = value.trim();
	if (reason.length > MAX_REASON_CHARS)
		throw new MemoryError(`${field} is longer than ${MAX_REASON_CHARS} characters.`, field);
	return reason === "" ? undefined : checkNoteText(reason, field);
}

/** An optional yes/no option: false when absent. */
export function checkFlag(value: unknown, field: string): boolean {
	if (value === undefined || value === null) return false;
	if (typeof value !== "boolean")
		throw new MemoryError(`${field} must be true or false (got ${describe(value)}).`, field);
	return value;
}

export function checkEdgeType(value: unknown, field: string): EdgeType {
	if (typeof value === "string" && isEdgeType(value)) return value;
	const given = typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : describe(value);
	throw new MemoryError(`${field} ${given} is not an edge type; use one of ${EDGE_TYPES.join(", ")}.`, field);
}

/**
 * The typed links a new memory asks for (`related` with a type each, `related_to` plain), each
 * target resolved, readable and linkable, each type with a frontmatter key; a link named twice
 * is kept once.
 */
export function checkLinks(
	graph: MemoryGraph,
	permissions: MemoryPermissions,
	edgeKeys: Readonly<Record<string, EdgeType>>,
	request: { related: unknown; relatedTo: unknown },
): TypedLink[] {
	const links: TypedLink[] = [];
	const linkTarget = (id: unknown, field: string): string => {
		const path = resolveReadableMemoryId(graph, id, field, (note) => permissions.canRead(note));
		if (!isLinkable(path))
			throw new MemoryError(
				`"${path}" cannot be linked: its name contains a character a [[link]] cannot hold (# ^ | [ ]).`,
				field,
			);
		return path;
	};
	const add = (target: string, type: EdgeType) => {
		if (!links.some((link) => link.target === target && link.type === type)) links.push({ target, type });
	};
	for (const [i, entry] of listOf(request.related, "related").entries()) {
		const field = `related[${i}]`;
		if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
			throw new MemoryError(`${field} must be an object {id, type} (got ${describe(entry)}).`, field);
		}
		const { id, type } = entry as { id?: unknown; type?: unknown };
		const edgeType = checkEdgeType(type, `${field}.type`);
		edgeKeyFor(edgeKeys, edgeType, `${field}.type`);
		add(linkTarget(id, `${field}.id`), edgeType);
	}
	for (const [i, id] of listOf(request.relatedTo, "related_to").entries()) {
		if (i === 0) edgeKeyFor(edgeKeys, "related_to", "related_to");
		add(linkTarget(id, `related_to[${i}]`), "related_to");
	}
	return links;
}

/** Tags for the `tags` property: each a valid Obsidian tag (without its "#"), not only digits; duplicates kept once. */
export function checkTags(value: unknown, field: string): string[] {
	const tags: string[] = [];
	for (const [i, entry] of listOf(value, field).entries()) {
		if (typeof entry !== "string")
			throw new MemoryError(`${field}[${i}] must be a string (got ${describe(entry)}).`, `${field}[${i}]`);
		const tag = entry.trim().replace(/^#/, "");
		const valid = tag.length <= MAX_LABEL_CHARS && tagBodyEnd(tag, 0) === tag.length && isTagBody(tag, 0, tag.length);
		if (!valid) {
			throw new MemoryError(
				`${field}[${i}] ${JSON.stringify(entry.slice(0, 40))} is not a tag: use letters, digits, _, - and / (nested/tag), no spaces or punctuation, not only digits.`,
				`${field}[${i}]`,
			);
		}
		if (!tags.includes(tag)) tags.push(tag);
	}
	return tags;
}

/** An optional ISO 8601 date, or date and time with a zone; kept as given. */
export function checkEventDate(value: unknown, field: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string" || !isIsoDate(value)) {
		throw new MemoryError(`${field} must be ${ISO_DATE_HINT}.`, field);
	}
	return value;
}

function listOf(value: unknown, field: string): unknown[] {
	if (value === undefined || value === null) return [];
	if (!Array.isArray(value)) throw new MemoryError(`${field} must be a list (got ${describe(value)}).`, field);
	if (value.length > MAX_LINKS)
		throw new MemoryError(`${field} has ${value.length} entries; at most ${MAX_LINKS} are accepted.`, field);
	return value;
}

function describe(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "a list";
	return typeof value;
}
