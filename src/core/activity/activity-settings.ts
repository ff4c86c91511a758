import { z } from "zod";
import { parseSettings } from "../model/parse-settings";
import { once } from "../util/once";

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
const activitySettingsSchema = once(() => {
	return z.object({
		maxRecentRecalls: z
			.number()
			.int()
			.positive()
			.default(256)
			.describe(
				"Recall timestamps kept exactly per memory; older recalls are summarised (count, first, last, stability).",
			),
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
});

export type ActivitySettings = z.infer<ReturnType<typeof activitySettingsSchema>>;

export function parseActivitySettings(input: unknown): ActivitySettings {
	return parseSettings(activitySettingsSchema(), input, "activity");
}
