import type { z } from "zod";
import { embeddingSettingsSchema } from "./embedding-settings";
import { indexSettingsSchema } from "./index-settings";
import { keywordSettingsSchema } from "./keyword-settings";
import { maintenanceSettingsSchema } from "./maintenance-settings";
import { mcpSettingsSchema } from "./mcp-settings";
import { recallSettingsSchema } from "./recall-settings";
import { scoringSettingsSchema } from "./scoring-settings";
import { parseSettingsGroup, type MemorySettings } from "./settings";
import { SETTINGS_DEFAULTS } from "./settings-defaults";
import type { SettingPath } from "./settings-changes";

/**
 * Every setting as a field the settings tab and docs/settings.md render: read from the zod
 * schemas (description, range, options, default), so a new schema field appears in both
 * without UI code. A field's `.meta()` (see `SettingMeta`) gives its hand-written name, unit,
 * labels of its options and of its map's keys; `internal: true` keeps it out of the tab.
 */

export type SettingKind = "number" | "boolean" | "choice" | "text" | "list" | "map";

/** What a schema's `.meta()` may say about a setting (or, for `title`, about an object of settings). */
export interface SettingMeta {
	/** The name shown in the tab and the docs, in sentence case; else one is made from the key. */
	title?: string;
	/** What a number counts, plural: "days", "bytes". */
	unit?: string;
	/** Readable names of a choice's options (the stored value stays the option). */
	optionLabels?: Record<string, string>;
	/** What a map's keys are, for its add row: "Property name", "Model id". */
	keyLabel?: string;
	internal?: boolean;
}

/** A number's allowed values: its range, whole or not, and its unit. */
export interface NumberRange {
	min?: number;
	max?: number;
	integer?: boolean;
	unit?: string;
}

export interface SettingField extends NumberRange {
	path: SettingPath;
	/** Dotted path, as in data.json: "scoring.relevance.halfLifeDays". */
	key: string;
	name: string;
	description: string;
	kind: SettingKind;
	options?: readonly string[];
	optionLabels?: Readonly<Record<string, string>>;
	/** A map's values: numbers in a range, or one of `options`. */
	value?: (NumberRange & { kind: "number" }) | { kind: "choice"; options: readonly string[] };
	keyLabel?: string;
	/** Titles of the objects the field sits in below its group, joined with " › " (for the docs). */
	section: string;
	/** The same titles, outermost first, with the keys of those objects (for sub-headings). */
	sections: readonly { key: string; title: string }[];
	internal: boolean;
}

const GROUP_SCHEMAS = {
	index: indexSettingsSchema,
	scoring: scoringSettingsSchema,
	maintenance: maintenanceSettingsSchema,
	embeddings: embeddingSettingsSchema,
	keyword: keywordSettingsSchema,
	recall: recallSettingsSchema,
	mcp: mcpSettingsSchema,
} as const;

interface Def {
	type: string;
	innerType?: z.ZodType;
	in?: z.ZodType;
	element?: z.ZodType;
	valueType?: z.ZodType;
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

function metaOf(schema: z.ZodType): SettingMeta {
	return schema.meta() ?? {};
}

/** "halfLifeDays" → "Half life days", "caused_by" → "Caused by"; sentence case as Obsidian's guidelines ask. */
export function nameFromKey(key: string): string {
	const words = key
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.replace(/_/g, " ")
		.toLowerCase();
	return words.charAt(0).toUpperCase() + words.slice(1);
}

function numberRange(schema: z.ZodType, unit: string | undefined): NumberRange {
	const number = schema as z.ZodNumber;
	const finite = (value: number | null): number | undefined =>
		value === null || !Number.isFinite(value) ? undefined : value;
	return {
		min: finite(number.minValue),
		max: finite(number.maxValue),
		integer: number.format === "safeint",
		...(unit === undefined ? {} : { unit }),
	};
}

function mapValue(schema: z.ZodType | undefined): SettingField["value"] {
	if (schema === undefined) return undefined;
	const inner = unwrap(schema);
	const type = defOf(inner).type;
	if (type === "number") return { kind: "number", ...numberRange(inner, metaOf(schema).unit) };
	if (type === "enum") return { kind: "choice", options: (inner as z.ZodEnum).options as string[] };
	return undefined;
}

function fieldsOf(schema: z.ZodType, path: string[], sections: SettingField["sections"]): SettingField[] {
	const inner = unwrap(schema);
	const def = defOf(inner);
	const meta = { ...metaOf(inner), ...metaOf(schema) };
	const key = path[path.length - 1];
	if (def.type === "object") {
		const shape = (inner as unknown as { shape: Record<string, z.ZodType> }).shape;
		const inside = path.length > 1 ? [...sections, { key, title: meta.title ?? nameFromKey(key) }] : sections;
		return Object.entries(shape).flatMap(([child, childSchema]) => fieldsOf(childSchema, [...path, child], inside));
	}
	const base = {
		path,
		key: path.join("."),
		name: meta.title ?? nameFromKey(key),
		description: schema.description ?? inner.description ?? "",
		section: sections.map((section) => section.title).join(" › "),
		sections,
		internal: meta.internal === true,
	};
	switch (def.type) {
		case "number":
			return [{ ...base, kind: "number", ...numberRange(inner, meta.unit) }];
		case "boolean":
			return [{ ...base, kind: "boolean" }];
		case "enum":
			return [
				{
					...base,
					kind: "choice",
					options: (inner as z.ZodEnum).options as string[],
					...(meta.optionLabels === undefined ? {} : { optionLabels: meta.optionLabels }),
				},
			];
		case "array":
			return [{ ...base, kind: "list" }];
		case "record":
			return [
				{
					...base,
					kind: "map",
					value: mapValue(def.valueType),
					...(meta.keyLabel === undefined ? {} : { keyLabel: meta.keyLabel }),
				},
			];
		default:
			return [{ ...base, kind: "text" }];
	}
}

const count = (value: number): string => value.toLocaleString("en-US", { maximumFractionDigits: 20 });

/**
 * The values a number allows, as a sentence for the tab and the docs: "Days, 0.01 to 3,650.",
 * "A whole number from 1 to 100.", "A whole number, 0 or more."; "" for a number without bounds.
 */
export function rangeSentence(range: NumberRange): string {
	const { min, max, unit } = range;
	const what =
		unit === undefined
			? range.integer === true
				? "A whole number"
				: "A number"
			: range.integer === true
				? `Whole number of ${unit}`
				: unit.charAt(0).toUpperCase() + unit.slice(1);
	const joiner = unit === undefined ? " from" : ",";
	if (min !== undefined && max !== undefined) return `${what}${joiner} ${count(min)} to ${count(max)}.`;
	if (min !== undefined) return `${what}, ${count(min)} or more.`;
	if (max !== undefined) return `${what}, at most ${count(max)}.`;
	return "";
}

/** A choice's option as the tab shows it. */
export function optionLabel(field: Pick<SettingField, "optionLabels">, option: string): string {
	return field.optionLabels?.[option] ?? option;
}

let cached: SettingField[] | null = null;

/** Every setting of every group, in schema order. */
export function settingFields(): SettingField[] {
	cached ??= Object.entries(GROUP_SCHEMAS).flatMap(([group, schema]) => fieldsOf(schema(), [group], []));
	return cached;
}

export const DEFAULT_SETTINGS: MemorySettings = SETTINGS_DEFAULTS;

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
