import { z } from "zod";

export const ActivitySettingsSchema = z.object({
	maxRecentRecalls: z
		.number()
		.int()
		.positive()
		.default(256)
		.describe("Recall timestamps kept exactly per memory; older recalls are summarised (count, first, last, stability)."),
	maxHistoryPerNode: z
		.number()
		.int()
		.positive()
		.default(200)
		.describe("Lifecycle transitions and prunes kept per memory (the oldest are dropped first)."),
	compactAfterRecords: z
		.number()
		.int()
		.positive()
		.default(50_000)
		.describe("Fold the activity log into a snapshot once it holds this many records."),
	compactAfterBytes: z
		.number()
		.int()
		.positive()
		.default(8 * 1024 * 1024)
		.describe("Fold the activity log into a snapshot once it grows past this many bytes."),
});

export type ActivitySettings = z.infer<typeof ActivitySettingsSchema>;

export function parseActivitySettings(input: unknown): ActivitySettings {
	const result = ActivitySettingsSchema.safeParse(input ?? {});
	if (result.success) return result.data;
	const issue = result.error.issues[0];
	const field = issue?.path.join(".") || "(settings)";
	throw new Error(`Invalid activity setting "${field}": ${issue?.message ?? "invalid value"}.`);
}
