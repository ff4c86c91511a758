import { z } from "zod";
import { once } from "../util/once";
import { SETTINGS_DEFAULTS } from "./settings-defaults";

export const DECAY_MODELS = ["power-law", "exponential", "two-component"] as const;
export type DecayModel = (typeof DECAY_MODELS)[number];

const GROUP_ERROR = { error: "must be an object of settings" };

/** A number setting whose every failure (wrong type, out of range) names the allowed range. */
function ranged(min: number, max: number, fallback: number, description: string, integer = false) {
	const expected = `${integer ? "an integer" : "a number"} from ${min} to ${max}`;
	const error = (issue: { input?: unknown }) => `must be ${expected} (got ${JSON.stringify(issue.input) ?? "nothing"})`;
	const base = z.number({ error }).min(min, { error }).max(max, { error });
	return (integer ? base.int({ error }) : base).default(fallback).describe(description);
}

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const scoringSettingsSchema = once(() => {
	const RelevanceSettingsSchema = z.object(
		{
			decayModel: z
				.enum(DECAY_MODELS, {
					error: (issue) => `must be one of ${DECAY_MODELS.join(", ")} (got ${JSON.stringify(issue.input)})`,
				})
				.default("power-law")
				.describe(
					"How freshness fades after the last use: power-law (fast at first, long tail), exponential (steady halving), or two-component (a fast and a slow exponential).",
				)
				.meta({
					title: "Decay curve",
					optionLabels: {
						"power-law": "Power law (long tail)",
						exponential: "Exponential (steady halving)",
						"two-component": "Two components (fast and slow)",
					},
				}),
			halfLifeDays: ranged(
				0.01,
				3650,
				7,
				"Days after its last use at which a memory's freshness has halved. Each recall makes a memory more stable, which stretches this time (for two components: the fast one's half-life).",
			).meta({ title: "Half-life", unit: "days" }),
			powerLawExponent: ranged(
				0.05,
				5,
				0.6,
				"Power-law model only: how heavy the long tail is. Smaller keeps old memories relevant longer after the first half-life.",
			).meta({ title: "Power-law exponent" }),
			slowComponentWeight: ranged(
				0,
				1,
				0.3,
				"Two-component model only: share of relevance held by the slow component.",
			).meta({ title: "Share of the slow component" }),
			slowComponentFactor: ranged(
				1,
				10000,
				50,
				"Two-component model only: the slow component's half-life is the half-life times this factor.",
			).meta({ title: "Slow half-life factor" }),
			consolidatedDecayFactor: ranged(
				1,
				100,
				3,
				"How many times faster a memory consolidated into a summary (memory_consolidated_into) loses relevance, so the summary wins recall while the episode stays readable until it fades by the usual rules. 1 turns it off.",
			).meta({ title: "Faster fading of consolidated memories", unit: "times" }),
		},
		GROUP_ERROR,
	);

	const ConnectivitySettingsSchema = z.object(
		{
			orphanFloor: ranged(
				0.001,
				1,
				0.1,
				"Connectivity of a note with no supportive link, so an orphan still has some retention.",
			).meta({ title: "Connectivity of an orphan" }),
			referencePercentile: ranged(
				0.5,
				1,
				0.99,
				"A note whose weighted supportive degree reaches this percentile of the vault's gets full connectivity. A high percentile rather than the maximum, so one giant hub does not flatten every other note.",
			).meta({ title: "Full connectivity at percentile" }),
		},
		GROUP_ERROR,
	);

	const ReactivationSettingsSchema = z.object(
		{
			neverRecalledBaseline: ranged(
				0.01,
				1,
				0.5,
				"Reactivation of a note that was never recalled; recalls raise it towards 1.",
			).meta({ title: "Reactivation before any recall" }),
			recallHalfLifeDays: ranged(
				0.01,
				3650,
				30,
				"Days after which a recall counts half as much towards reactivation (times the memory's stability).",
			).meta({ title: "Recall half-life", unit: "days" }),
			recallsForHalfBoost: ranged(
				0.01,
				1000,
				3,
				"Fresh recalls needed to lift reactivation halfway from the baseline to 1; further recalls add less and less.",
			).meta({ title: "Recalls for half the boost", unit: "recalls" }),
			stabilityGain: ranged(
				0,
				100,
				1,
				"How much a recall raises stability when the memory had faded completely since the previous recall; recalls close together raise it little.",
			).meta({ title: "Stability gain per recall" }),
			maxStability: ranged(1, 1000, 10, "Upper bound of stability, the factor that stretches both half-lives.").meta({
				title: "Highest stability",
			}),
		},
		GROUP_ERROR,
	);

	const LifecycleSettingsSchema = z.object(
		{
			dormantThreshold: ranged(
				0,
				1,
				0.015,
				"An active memory whose retention (freshness, links and recalls in one score from 0 to 1) stays below this turns dormant: still found, ranked lower.",
			).meta({ title: "Dormant below" }),
			fadingThreshold: ranged(
				0,
				1,
				0.0075,
				"A memory whose retention stays below this turns fading, the last step before it may be pruned. Must be lower than the dormant threshold.",
			).meta({ title: "Fading below" }),
			downwardPasses: ranged(
				1,
				100,
				2,
				"Consecutive maintenance passes a memory must spend below a threshold before it moves down. Moving up is immediate.",
				true,
			).meta({ title: "Passes below before moving down", unit: "passes" }),
			pruneAfterFadingDays: ranged(
				0,
				3650,
				30,
				"Days a memory must have been fading before it may be pruned (and it must also be an orphan, idle, not pinned and not core).",
			).meta({ title: "Fading before pruning", unit: "days" }),
			pruneIdleDays: ranged(0, 3650, 30, "Days without any use before a memory may be pruned.").meta({
				title: "Unused before pruning",
				unit: "days",
			}),
		},
		GROUP_ERROR,
	);

	const ConsolidationWeightsSchema = z.object(
		{
			activation: ranged(0, 1, 0.4, "Weight of recent recall activity in the consolidation score.").meta({
				title: "Recent recalls",
			}),
			hub: ranged(0, 1, 0.3, "Weight of the hub score (degree relative to the vault's mean degree).").meta({
				title: "Being a hub",
			}),
			schema: ranged(0, 1, 0.2, "Weight of the share of neighbours that are hubs.").meta({
				title: "Neighbours that are hubs",
			}),
			stability: ranged(0, 1, 0.1, "Weight of stability earned through spaced recalls.").meta({
				title: "Stability",
			}),
		},
		GROUP_ERROR,
	);

	const categoryList = (description: string) =>
		z
			.array(
				z.string({ error: "must be a list of category names" }).min(1, { error: "must not contain an empty name" }),
				{
					error: "must be a list of category names",
				},
			)
			.default([])
			.describe(description);

	const CoreSettingsSchema = z.object(
		{
			promotionThreshold: ranged(
				0,
				1,
				0.7,
				"Consolidation score at or above which a memory is promoted to core (unless its category is excluded or needs approval).",
			).meta({ title: "Promote to core at" }),
			hubDegreeCap: ranged(
				1,
				100,
				3,
				"A node's degree divided by the vault's mean degree, capped at this value, gives its hub score; neighbours at the cap count as hubs.",
			).meta({ title: "Hub score cap" }),
			weights: ConsolidationWeightsSchema.prefault({})
				.describe("Weights of the consolidation score; they must add up to 1.")
				.meta({ title: "Consolidation weights" }),
			autoCategories: categoryList("Categories (memory_category) promoted to core at the next maintenance pass.").meta({
				title: "Always core categories",
			}),
			approvalCategories: categoryList("Categories whose memories are proposed for core; the user decides.").meta({
				title: "Categories proposed for core",
			}),
			excludedCategories: categoryList(
				"Categories that are never promoted to core automatically (pinning still works).",
			).meta({ title: "Never core categories" }),
		},
		GROUP_ERROR,
	);

	return z
		.object(
			{
				relevance: RelevanceSettingsSchema.prefault({})
					.describe("Freshness since the last use.")
					.meta({ title: "Freshness" }),
				connectivity: ConnectivitySettingsSchema.prefault({})
					.describe("Weighted supportive links relative to the vault.")
					.meta({ title: "Links" }),
				reactivation: ReactivationSettingsSchema.prefault({})
					.describe("Recalls, their age, and the stability they build.")
					.meta({ title: "Recalls" }),
				lifecycle: LifecycleSettingsSchema.prefault({})
					.describe("Status thresholds, hysteresis and the prune rule.")
					.meta({ title: "Status changes and pruning" }),
				core: CoreSettingsSchema.prefault({}).describe("Promotion to core memory.").meta({ title: "Core memories" }),
			},
			GROUP_ERROR,
		)
		.check((ctx) => {
			const { lifecycle, core } = ctx.value;
			if (lifecycle.fadingThreshold >= lifecycle.dormantThreshold) {
				ctx.issues.push({
					code: "custom",
					input: lifecycle.fadingThreshold,
					path: ["lifecycle", "fadingThreshold"],
					message: `must be lower than lifecycle.dormantThreshold (${lifecycle.dormantThreshold}) (got ${lifecycle.fadingThreshold})`,
				});
			}
			const weights = core.weights;
			const sum = weights.activation + weights.hub + weights.schema + weights.stability;
			if (Math.abs(sum - 1) > 1e-9) {
				ctx.issues.push({
					code: "custom",
					input: weights,
					path: ["core", "weights"],
					message: `must add up to 1 (got ${Number(sum.toFixed(6))})`,
				});
			}
			const lists = ["autoCategories", "approvalCategories", "excludedCategories"] as const;
			for (const [i, list] of lists.entries()) {
				for (const other of lists.slice(i + 1)) {
					const shared = core[list].filter((category) => core[other].includes(category));
					if (shared.length > 0) {
						ctx.issues.push({
							code: "custom",
							input: shared,
							path: ["core", other],
							message: `must not repeat categories of core.${list} (${shared.join(", ")})`,
						});
					}
				}
			}
		});
});

export type ScoringSettings = z.infer<ReturnType<typeof scoringSettingsSchema>>;
/** What a caller may pass: any subset, the rest takes defaults. */
export type ScoringSettingsInput = z.input<ReturnType<typeof scoringSettingsSchema>>;

export class ScoringSettingsError extends Error {
	constructor(
		/** One line per invalid field, each starting with the field's dotted name. */
		readonly problems: string[],
	) {
		super(`Invalid scoring settings: ${problems.join("; ")}.`);
		this.name = "ScoringSettingsError";
	}
}

/** Validates scoring settings and fills in defaults; throws ScoringSettingsError listing every invalid field. */
export function parseScoringSettings(input: unknown): ScoringSettings {
	const result = scoringSettingsSchema().safeParse(input ?? {});
	if (result.success) return result.data;
	throw new ScoringSettingsError(
		result.error.issues.map((issue) => `${issue.path.join(".") || "(settings)"} ${issue.message}`),
	);
}

export const DEFAULT_SCORING_SETTINGS: ScoringSettings = SETTINGS_DEFAULTS.scoring;
