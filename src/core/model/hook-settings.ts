import { z } from "zod";
import { HOOK_DEFAULTS } from "./hook-defaults";
import { once } from "../util/once";

/** A number setting whose every failure (wrong type, out of range) names the allowed range. */
function ranged(min: number, max: number, fallback: number, description: string, integer = false) {
	const expected = `${integer ? "an integer" : "a number"} from ${min} to ${max}`;
	const error = (issue: { input?: unknown }) => `must be ${expected} (got ${JSON.stringify(issue.input) ?? "nothing"})`;
	const base = z.number({ error }).min(min, { error }).max(max, { error });
	return (integer ? base.int({ error }) : base).default(fallback).describe(description);
}

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const hookSettingsSchema = once(() => {
	/**
	 * What the Claude Code plugin's hooks (`causal-memory hook <event>`) do. The hook process reads
	 * these from the running server (the `memory://hooks/settings` resource); an environment
	 * variable can turn each hook off on one machine (docs/claude-code.md).
	 */
	return z.object(
		{
			sessionStart: z
				.boolean()
				.default(HOOK_DEFAULTS.sessionStart)
				.describe("At session start, show Claude the core memories and the memories most relevant to the project.")
				.meta({ title: "Memories at session start" }),
			promptRecall: z
				.boolean()
				.default(HOOK_DEFAULTS.promptRecall)
				.describe(
					"Before each prompt, show Claude the few memories clearly relevant to it (read-only: looking is not a use).",
				)
				.meta({ title: "Memories before each prompt" }),
			checkpoints: z
				.boolean()
				.default(HOOK_DEFAULTS.checkpoints)
				.describe(
					"Before compaction and at session end, save a session note: the prompts, linked to the memories the session used.",
				)
				.meta({ title: "Session notes" }),
			promptRecallLimit: ranged(
				0,
				10,
				HOOK_DEFAULTS.promptRecallLimit,
				"Most memories shown before one prompt.",
				true,
			).meta({ title: "Most memories before a prompt", unit: "memories" }),
			minSimilarity: ranged(
				0,
				1,
				HOOK_DEFAULTS.minSimilarity,
				"A memory is shown before a prompt when its meaning is at least this similar to the prompt (with an embedding model)…",
			).meta({ title: "Least similarity of meaning" }),
			minTerms: ranged(
				1,
				10,
				HOOK_DEFAULTS.minTerms,
				"…or when it contains at least this many of the prompt's words (fewer when the prompt has fewer words)…",
				true,
			).meta({ title: "Least shared words", unit: "words" }),
			minCoverage: ranged(
				0,
				1,
				HOOK_DEFAULTS.minCoverage,
				"…and at least this share of them (0.5: half the prompt's words), so a long prompt sharing two common words with a memory shows nothing.",
			).meta({ title: "Least share of the prompt's words" }),
		},
		{ error: "must be an object of settings" },
	);
});

export type HookSettings = z.infer<ReturnType<typeof hookSettingsSchema>>;
