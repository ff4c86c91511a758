import { z } from "zod";
import { parseSettings } from "./parse-settings";
import { PRUNE_ACTIONS } from "./lifecycle-status";
import { once } from "../util/once";

const WRITE_SCOPES = ["memory-folder", "vault"] as const;

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

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const maintenanceSettingsSchema = once(() => {
	return z.object({
		memoryFolder: folder(
			"Memory",
			"Where the memories that Claude and other MCP clients store are created. Status writes stay inside it unless you allow the whole vault.",
		).meta({ title: "Memory folder" }),
		writeScope: z
			.enum(WRITE_SCOPES)
			.default("memory-folder")
			.describe(
				"Where the plugin may write memory_status: only the memory folder (default) or every note (opt-in, after a preview).",
			)
			.meta({
				title: "Status writes",
				optionLabels: { "memory-folder": "Memory folder only", vault: "Whole vault" },
			}),
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
				"What pruning does to a memory the plugin created (one that faded, has no links and went unused): mark it, move it to the archive folder, or move it to the trash. Notes you wrote are only ever marked.",
			)
			.meta({
				title: "When a memory is pruned",
				optionLabels: {
					mark: "Mark it as pruned",
					archive: "Move it to the archive folder",
					trash: "Move it to the trash",
				},
			}),
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
			)
			.meta({ title: "Canvas folder" }),
		passIntervalMinutes: z
			.number()
			.min(1, { error: "must be at least 1 minute" })
			.max(24 * 60, { error: "must be at most 1440 minutes (a day)" })
			.default(10)
			.describe("Minutes between maintenance passes.")
			.meta({ title: "Maintenance every", unit: "minutes" }),
		writesPerSecond: z
			.number()
			.min(0.1, { error: "must be at least 0.1" })
			.max(1000, { error: "must be at most 1000" })
			.default(20)
			.describe("Upper bound on frontmatter writes per second, so sync tools and the editor are not flooded.")
			.meta({ title: "Most status writes per second", unit: "writes per second" }),
		reviewAtRiskDays: z
			.number()
			.int({ error: "must be a whole number of days" })
			.min(1, { error: "must be at least 1 day" })
			.max(365, { error: "must be at most 365 days" })
			.default(14)
			.describe(
				"Review: a memory is at risk when, unused, it would turn fading within this many days; the review asks whether to keep it.",
			)
			.meta({ title: "Days ahead a memory counts as at risk", unit: "days" }),
		reviewRareCueMemories: z
			.number()
			.int({ error: "must be a whole number" })
			.min(2, { error: "must be at least 2" })
			.max(1000, { error: "must be at most 1000" })
			.default(3)
			.describe(
				"Review: a cue (name, tag, topic word) is rare when at most this many memories hold it; unlinked memories in different communities that share rare cues are proposed as related.",
			)
			.meta({ title: "Most memories sharing a rare cue", unit: "memories" }),
	});
});

export type MaintenanceSettings = z.infer<ReturnType<typeof maintenanceSettingsSchema>>;

export function parseMaintenanceSettings(input: unknown): MaintenanceSettings {
	return parseSettings(maintenanceSettingsSchema(), input, "maintenance");
}

/** The folder chain canvases are written to: the setting, or the memory folder's Canvases/ when it is empty. */
export function canvasFolderOf(settings: Pick<MaintenanceSettings, "canvasFolder" | "memoryFolder">): string {
	return settings.canvasFolder === "" ? `${settings.memoryFolder}/Canvases` : settings.canvasFolder;
}
