import { z } from "zod";
import { parseSettings } from "./parse-settings";
import { PRUNE_ACTIONS } from "./lifecycle-status";

export const WRITE_SCOPES = ["memory-folder", "vault"] as const;
export type WriteScope = (typeof WRITE_SCOPES)[number];

const folder = (fallback: string, description: string) =>
	z
		.string()
		.trim()
		.refine((value) => value !== "" && !value.startsWith("/") && !value.split("/").includes(".."), {
			error: 'must be a folder path inside the vault, e.g. "Memory"',
		})
		.transform((value) => value.replace(/\/+$/, ""))
		.default(fallback)
		.describe(description);

export const MaintenanceSettingsSchema = z.object({
	memoryFolder: folder(
		"Memory",
		"Folder where memories created through MCP live; the default scope of frontmatter writes.",
	),
	writeScope: z
		.enum(WRITE_SCOPES)
		.default("memory-folder")
		.describe(
			"Where the plugin may write memory_status: only the memory folder (default) or every note (opt-in, after a preview).",
		),
	vaultWritesConfirmed: z
		.boolean()
		.default(false)
		.describe(
			"Set once the user has seen the preview of the first whole-vault write; until then the vault scope writes nothing outside the memory folder.",
		)
		.meta({ internal: true }),
	pruneAction: z
		.enum(PRUNE_ACTIONS)
		.default("mark")
		.describe(
			"What pruning does to a memory the plugin created: mark it, move it to the archive folder, or move it to the trash. Notes you wrote are only ever marked.",
		),
	archiveFolder: folder("Memory/Archive", "Where pruned memories go when the prune action is archive."),
	canvasFolder: z
		.string()
		.trim()
		.refine((value) => !value.startsWith("/") && !value.split("/").includes(".."), {
			error: 'must be a folder path inside the vault, e.g. "Memory/Canvases", or empty',
		})
		.transform((value) => value.replace(/\/+$/, ""))
		.default("")
		.describe(
			'Where "Open causal chain as canvas" writes its .canvas files; empty: the Canvases folder inside the memory folder.',
		),
	passIntervalMinutes: z
		.number()
		.min(1, { error: "must be at least 1 minute" })
		.max(24 * 60, { error: "must be at most 1440 minutes (a day)" })
		.default(10)
		.describe("Minutes between maintenance passes."),
	writesPerSecond: z
		.number()
		.min(0.1, { error: "must be at least 0.1" })
		.max(1000, { error: "must be at most 1000" })
		.default(20)
		.describe("Upper bound on frontmatter writes per second, so sync tools and the editor are not flooded."),
	reviewAtRiskDays: z
		.number()
		.int({ error: "must be a whole number of days" })
		.min(1, { error: "must be at least 1 day" })
		.max(365, { error: "must be at most 365 days" })
		.default(14)
		.describe(
			"Review: a memory is at risk when, unused, it would turn fading within this many days; the review asks whether to keep it.",
		),
	reviewRareCueMemories: z
		.number()
		.int({ error: "must be a whole number" })
		.min(2, { error: "must be at least 2" })
		.max(1000, { error: "must be at most 1000" })
		.default(3)
		.describe(
			"Review: a cue (name, tag, topic word) is rare when at most this many memories hold it; unlinked memories in different communities that share rare cues are proposed as related.",
		),
});

export type MaintenanceSettings = z.infer<typeof MaintenanceSettingsSchema>;

export function parseMaintenanceSettings(input: unknown): MaintenanceSettings {
	return parseSettings(MaintenanceSettingsSchema, input, "maintenance");
}

/** The folder chain canvases are written to: the setting, or the memory folder's Canvases/ when it is empty. */
export function canvasFolderOf(settings: Pick<MaintenanceSettings, "canvasFolder" | "memoryFolder">): string {
	return settings.canvasFolder === "" ? `${settings.memoryFolder}/Canvases` : settings.canvasFolder;
}
