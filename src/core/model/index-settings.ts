import { z } from "zod";
import { parseSettings } from "./parse-settings";
import { EDGE_TYPES, type EdgeType } from "./edge-types";
import { once } from "../util/once";

const DEFAULT_EDGE_KEYS: Record<string, EdgeType> = Object.fromEntries(EDGE_TYPES.map((t) => [t, t]));

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const indexSettingsSchema = once(() => {
	return z.object({
		excludedFolders: z
			.array(z.string())
			.default([])
			.describe(
				"Notes in these folders are not memories: not indexed, not recalled, not shown to MCP clients. The config folder and the trash are always left out.",
			)
			.meta({ title: "Excluded folders" }),
		excludeTemplatesFolder: z
			.boolean()
			.default(true)
			.describe("Also leave out the folder of the Templates core plugin: templates are not memories.")
			.meta({ title: "Leave out the templates folder" }),
		edgeKeys: z
			.record(z.string().min(1), z.enum(EDGE_TYPES))
			.transform((keys) => ({ ...DEFAULT_EDGE_KEYS, ...keys }))
			.default(() => ({ ...DEFAULT_EDGE_KEYS }))
			.describe(
				"Which frontmatter properties and inline fields become which typed link (a property up holding derived_from links, say). Other link-valued properties become related_to links.",
			)
			.meta({ title: "Properties that make typed links", keyLabel: "Property name" }),
		maxNoteBytes: z
			.number()
			.int()
			.min(1, { error: "must be at least 1 byte" })
			.max(1024 ** 3, { error: "must be at most 1073741824 bytes (1 GB)" })
			.default(10 * 1024 * 1024)
			.describe("Notes larger than this are skipped with a warning instead of being indexed.")
			.meta({ title: "Largest note indexed", unit: "bytes" }),
	});
});

export type IndexSettings = z.infer<ReturnType<typeof indexSettingsSchema>>;

export function parseIndexSettings(input: unknown): IndexSettings {
	return parseSettings(indexSettingsSchema(), input, "index");
}
