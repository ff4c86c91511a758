import type { EdgeType } from "../model/edge-types";
import { fileNameFor } from "../recall/content-title";

/** An entity of the MCP reference memory server (`@modelcontextprotocol/server-memory`). */
interface MemoryEntity {
	name: string;
	entityType: string;
	observations: string[];
	/** 1-based line of its first appearance in the file. */
	line: number;
}

interface MemoryRelation {
	from: string;
	to: string;
	relationType: string;
	line: number;
}

export interface LineProblem {
	line: number;
	message: string;
}

export interface MemoryGraphFile {
	/** In the order of the file; an entity given twice keeps its first line and gains the later observations. */
	entities: MemoryEntity[];
	relations: MemoryRelation[];
	problems: LineProblem[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/**
 * Reads the server's JSON Lines file: one `{"type":"entity",…}` or `{"type":"relation",…}` per
 * line. A line that is not JSON or lacks a field is reported with its number and skipped.
 */
export function parseMemoryJsonl(text: string): MemoryGraphFile {
	const byName = new Map<string, MemoryEntity>();
	const relations: MemoryRelation[] = [];
	const problems: LineProblem[] = [];
	text.split(/\r?\n/).forEach((raw, index) => {
		const line = index + 1;
		if (raw.trim() === "") return;
		let item: unknown;
		try {
			item = JSON.parse(raw);
		} catch {
			problems.push({ line, message: "not valid JSON" });
			return;
		}
		if (!isObject(item)) return problems.push({ line, message: "not a JSON object" });
		if (item.type === "entity") {
			const observations = item.observations ?? [];
			if (!isText(item.name)) return problems.push({ line, message: 'an entity needs a "name"' });
			if (!Array.isArray(observations) || !observations.every((o) => typeof o === "string"))
				return problems.push({ line, message: `entity "${item.name}": "observations" must be a list of texts` });
			const known = byName.get(item.name);
			if (known) {
				for (const o of observations) if (!known.observations.includes(o)) known.observations.push(o);
				return;
			}
			byName.set(item.name, {
				name: item.name,
				entityType: isText(item.entityType) ? item.entityType : "",
				observations: [...new Set(observations)],
				line,
			});
			return;
		}
		if (item.type === "relation") {
			if (!isText(item.from) || !isText(item.to) || !isText(item.relationType))
				return problems.push({ line, message: 'a relation needs "from", "to" and "relationType"' });
			relations.push({ from: item.from, to: item.to, relationType: item.relationType, line });
			return;
		}
		problems.push({ line, message: `unknown "type" ${JSON.stringify(item.type)}: expected "entity" or "relation"` });
	});
	return { entities: [...byName.values()], relations, problems };
}

/** How a relation name becomes a typed link: its type, and whether the link goes from `to` to `from`. */
export interface RelationMapping {
	type: EdgeType;
	/** "A causes B" is written on B: B caused_by A. */
	reversed: boolean;
}

/**
 * Relation names (lower case, `_` and `-` read as spaces) and the typed link each becomes. Every
 * other name becomes related_to; docs/import.md shows this table.
 */
const RELATION_MAPPINGS: readonly (readonly [readonly string[], RelationMapping])[] = [
	[
		["caused by", "because of", "due to", "results from", "resulted from", "triggered by", "is caused by"],
		{ type: "caused_by", reversed: false },
	],
	[
		["causes", "caused", "leads to", "led to", "results in", "resulted in", "triggers", "triggered"],
		{ type: "caused_by", reversed: true },
	],
	[["supports", "confirms", "evidence for", "proves", "justifies", "backs"], { type: "supports", reversed: false }],
	[["supported by", "confirmed by", "justified by"], { type: "supports", reversed: true }],
	[
		["derived from", "based on", "built on", "inspired by", "extends", "summarizes", "summary of"],
		{ type: "derived_from", reversed: false },
	],
	[
		["contradicts", "conflicts with", "disagrees with", "refutes", "contradicted by"],
		{ type: "contradicts", reversed: false },
	],
	[["supersedes", "replaces", "obsoletes", "overrides"], { type: "supersedes", reversed: false }],
	[["superseded by", "replaced by", "obsoleted by"], { type: "supersedes", reversed: true }],
];

export function relationMapping(relationType: string): RelationMapping {
	const name = relationType.toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
	for (const [names, mapping] of RELATION_MAPPINGS) if (names.includes(name)) return mapping;
	return { type: "related_to", reversed: false };
}

/** One note to write: its path in the vault and its whole text. */
interface ImportedNote {
	path: string;
	entity: string;
	text: string;
}

export interface ImportPlan {
	notes: ImportedNote[];
	/** Typed links by type (after mapping). */
	links: Partial<Record<EdgeType, number>>;
	/** Relations not written, with why (an end that is no entity of the file). */
	skipped: LineProblem[];
}

/** Frontmatter key that marks a note as written by this import (a re-run may rewrite it, never another note). */
export const IMPORT_MARK = "memory_imported_from";
export const IMPORT_SOURCE = "memory-jsonl";

const quoted = (text: string): string => JSON.stringify(text);

/**
 * The notes for `graph`: one per entity in `folder`, named after it (a name already taken by an
 * earlier entity gets " 2", " 3"…), its type as memory_category, its observations as the text, its
 * relations as typed links in the frontmatter (and in words in the text, so the relation's own
 * name is kept). The same file always gives the same notes.
 */
export function planImport(graph: MemoryGraphFile, folder: string): ImportPlan {
	const names = new Map<string, string>();
	const taken = new Set<string>();
	for (const entity of graph.entities) {
		const base = fileNameFor(entity.name) || "Entity";
		let name = base;
		for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}`;
		taken.add(name.toLowerCase());
		names.set(entity.name, name);
	}
	const links = new Map<string, Map<EdgeType, string[]>>();
	const said = new Map<string, string[]>();
	const counts: Partial<Record<EdgeType, number>> = {};
	const skipped: LineProblem[] = [];
	for (const relation of graph.relations) {
		const from = names.get(relation.from);
		const to = names.get(relation.to);
		if (from === undefined || to === undefined) {
			const missing = from === undefined ? relation.from : relation.to;
			skipped.push({
				line: relation.line,
				message: `relation "${relation.relationType}": no entity named "${missing}"`,
			});
			continue;
		}
		const mapping = relationMapping(relation.relationType);
		const [source, target] = mapping.reversed ? [relation.to, relation.from] : [relation.from, relation.to];
		const byType = links.get(source) ?? new Map<EdgeType, string[]>();
		links.set(source, byType);
		const list = byType.get(mapping.type) ?? [];
		const link = `[[${names.get(target) ?? target}]]`;
		if (!list.includes(link)) {
			list.push(link);
			counts[mapping.type] = (counts[mapping.type] ?? 0) + 1;
		}
		byType.set(mapping.type, list);
		said.set(relation.from, [...(said.get(relation.from) ?? []), `- ${relation.relationType}: ${to}`]);
	}
	const notes = graph.entities.map((entity) => {
		const yaml = ["memory_source: import", `${IMPORT_MARK}: ${IMPORT_SOURCE}`];
		if (entity.entityType !== "") yaml.push(`memory_category: ${quoted(entity.entityType)}`);
		for (const [type, targets] of links.get(entity.name) ?? [])
			yaml.push(`${type}:`, ...targets.map((target) => `  - ${quoted(target)}`));
		const body = entity.observations.map((observation) => `- ${observation.replace(/\s*\n\s*/g, " ")}`);
		const relations = said.get(entity.name) ?? [];
		const text = [
			`---\n${yaml.join("\n")}\n---`,
			...(body.length > 0 ? [body.join("\n")] : []),
			...(relations.length > 0 ? [`Relations:\n${relations.join("\n")}`] : []),
		].join("\n\n");
		return { path: `${folder}/${names.get(entity.name) ?? entity.name}.md`, entity: entity.name, text: `${text}\n` };
	});
	return { notes, links: counts, skipped };
}
