import { z } from "zod";
import { parseSettings } from "./parse-settings";
import { EDGE_TYPES, type EdgeType } from "./edge-types";

const DEFAULT_EDGE_KEYS: Record<string, EdgeType> = Object.fromEntries(EDGE_TYPES.map((t) => [t, t]));

export const IndexSettingsSchema = z.object({
	excludedFolders: z
		.array(z.string())
		.default([])
		.describe("Vault folders whose notes are not memories (the config folder and the trash are always excluded)."),
	excludeTemplatesFolder: z
		.boolean()
		.default(true)
		.describe("Also exclude the folder of the Templates core plugin: templates are not memories."),
	edgeKeys: z
		.record(z.string().min(1), z.enum(EDGE_TYPES))
		.transform((keys) => ({ ...DEFAULT_EDGE_KEYS, ...keys }))
		.default(() => ({ ...DEFAULT_EDGE_KEYS }))
		.describe(
			'Which frontmatter properties and inline fields become which typed edge, e.g. {"up": "derived_from"}. Other link-valued properties become related_to edges.',
		),
	maxNoteBytes: z
		.number()
		.int()
		.positive()
		.default(10 * 1024 * 1024)
		.describe("Notes larger than this are skipped with a warning instead of being indexed."),
});

export type IndexSettings = z.infer<typeof IndexSettingsSchema>;

export function parseIndexSettings(input: unknown): IndexSettings {
	return parseSettings(IndexSettingsSchema, input, "index");
}
