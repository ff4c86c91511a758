import type { z } from "zod";
import { EmbeddingSettingsSchema } from "./embedding-settings";
import { IndexSettingsSchema } from "./index-settings";
import { KeywordSettingsSchema } from "./keyword-settings";
import { MaintenanceSettingsSchema } from "./maintenance-settings";
import { McpSettingsSchema } from "./mcp-settings";
import { RecallSettingsSchema } from "./recall-settings";
import { ScoringSettingsSchema } from "./scoring-settings";
import { parseSettingsGroup, readMemorySettings, type MemorySettings } from "./settings";
import type { SettingPath } from "./settings-changes";

/**
 * Every setting as a field the settings tab and docs/settings.md render: read from the zod
 * schemas (description, range, options, default), so a new schema field appears in both
 * without UI code. A field's `.meta({ title })` overrides the name derived from its key;
 * `.meta({ internal: true })` keeps it out of the generic rendering.
 */

export type SettingKind = "number" | "boolean" | "choice" | "text" | "list" | "map";

export interface SettingField {
	path: SettingPath;
	/** Dotted path, as in data.json: "scoring.relevance.halfLifeDays". */
	key: string;
	name: string;
	description: string;
	kind: SettingKind;
	min?: number;
	max?: number;
	integer?: boolean;
	options?: readonly string[];
	/** Titles of the objects the field sits in below its group (for sub-headings). */
	section: string;
	internal: boolean;
}

const GROUP_SCHEMAS = {
	index: IndexSettingsSchema,
	scoring: ScoringSettingsSchema,
	maintenance: MaintenanceSettingsSchema,
	embeddings: EmbeddingSettingsSchema,
	keyword: KeywordSettingsSchema,
	recall: RecallSettingsSchema,
	mcp: McpSettingsSchema,
} as const;

interface Def {
	type: string;
	innerType?: z.ZodType;
	in?: z.ZodType;
	element?: z.ZodType;
}

function defOf(schema: z.ZodType): Def {
	return (schema as unknown as { def: Def }).def;
}

/** The schema under default/prefault/optional/transform wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
	let at = schema;
	for (;;) {
		const def = defOf(at);
		if (
			(def.type === "default" || def.type === "prefault" || def.type === "optional" || def.type === "nullable") &&
			def.innerType
		)
			at = def.innerType;
		else if (def.type === "pipe" && def.in) at = def.in;
		else return at;
	}
}

function metaOf(schema: z.ZodType): { title?: string; internal?: boolean } {
	const meta: { title?: unknown; internal?: unknown } = schema.meta() ?? {};
	return { title: typeof meta.title === "string" ? meta.title : undefined, internal: meta.internal === true };
}

/** "halfLifeDays" → "Half life days"; sentence case as Obsidian's guidelines ask. */
export function nameFromKey(key: string): string {
	const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
	return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldsOf(schema: z.ZodType, path: string[], section: string): SettingField[] {
	const inner = unwrap(schema);
	const def = defOf(inner);
	const meta = metaOf(schema);
	const key = path[path.length - 1];
	if (def.type === "object") {
		const shape = (inner as unknown as { shape: Record<string, z.ZodType> }).shape;
		const title = path.length > 1 ? (meta.title ?? nameFromKey(key)) : "";
		return Object.entries(shape).flatMap(([child, childSchema]) =>
			fieldsOf(childSchema, [...path, child], path.length > 1 ? [section, title].filter(Boolean).join(" › ") : section),
		);
	}
	const base = {
		path,
		key: path.join("."),
		name: meta.title ?? nameFromKey(key),
		description: schema.description ?? inner.description ?? "",
		section,
		internal: meta.internal === true,
	};
	switch (def.type) {
		case "number": {
			const number = inner as z.ZodNumber;
			const finite = (value: number | null): number | undefined =>
				value === null || !Number.isFinite(value) ? undefined : value;
			return [
				{
					...base,
					kind: "number",
					min: finite(number.minValue),
					max: finite(number.maxValue),
					integer: number.format === "safeint",
				},
			];
		}
		case "boolean":
			return [{ ...base, kind: "boolean" }];
		case "enum":
			return [{ ...base, kind: "choice", options: (inner as z.ZodEnum).options as string[] }];
		case "array":
			return [{ ...base, kind: "list" }];
		case "record":
			return [{ ...base, kind: "map" }];
		default:
			return [{ ...base, kind: "text" }];
	}
}

let cached: SettingField[] | null = null;

/** Every setting of every group, in schema order. */
export function settingFields(): SettingField[] {
	cached ??= Object.entries(GROUP_SCHEMAS).flatMap(([group, schema]) => fieldsOf(schema, [group], ""));
	return cached;
}

export const DEFAULT_SETTINGS: MemorySettings = readMemorySettings(null).settings;

export function valueAt(settings: unknown, path: SettingPath): unknown {
	let at = settings;
	for (const key of path) at = typeof at === "object" && at !== null ? (at as Record<string, unknown>)[key] : undefined;
	return at;
}

export type SettingChange = { ok: true; settings: MemorySettings } | { ok: false; message: string };

/**
 * `settings` with the fields at `paths` set to `values` (same order), validated by the group's
 * schema as a whole, so cross-field rules (fading below dormant, weights adding up to 1) hold.
 * An invalid value yields the schema's message and no settings.
 */
export function changeSettings(
	settings: MemorySettings,
	changes: readonly { path: SettingPath; value: unknown }[],
): SettingChange {
	const draft = structuredClone(settings) as unknown as Record<string, unknown>;
	for (const { path, value } of changes) {
		let parent = draft;
		for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
		if (value === undefined) delete parent[path[path.length - 1]];
		else parent[path[path.length - 1]] = value;
	}
	const groups = new Set(changes.map(({ path }) => path[0] as keyof MemorySettings));
	const next = { ...settings };
	try {
		for (const group of groups) (next as Record<string, unknown>)[group] = parseSettingsGroup(group, draft[group]);
	} catch (error) {
		return { ok: false, message: error instanceof Error ? error.message : String(error) };
	}
	return { ok: true, settings: next };
}
