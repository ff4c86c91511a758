import { z } from "zod";

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

const RelevanceSettingsSchema = z.object(
	{
		decayModel: z
			.enum(DECAY_MODELS, {
				error: (issue) => `must be one of ${DECAY_MODELS.join(", ")} (got ${JSON.stringify(issue.input)})`,
			})
			.default("power-law")
			.describe(
				"How freshness fades after the last use: power-law (fast at first, long tail), exponential (steady halving), or two-component (a fast and a slow exponential).",
			),
		halfLifeDays: ranged(
			0.01,
			3650,
			7,
			"Days after the last use at which relevance has halved (for two-component: the fast component). A memory's stability multiplies it.",
		),
		powerLawExponent: ranged(
			0.05,
			5,
			0.6,
			"Power-law model only: how heavy the long tail is. Smaller keeps old memories relevant longer after the first half-life.",
		),
		slowComponentWeight: ranged(0, 1, 0.3, "Two-component model only: share of relevance held by the slow component."),
		slowComponentFactor: ranged(
			1,
			10000,
			50,
			"Two-component model only: the slow component's half-life is the half-life times this factor.",
		),
		consolidatedDecayFactor: ranged(
			1,
			100,
			3,
			"How many times faster a memory consolidated into a summary (memory_consolidated_into) loses relevance, so the summary wins recall while the episode stays readable until it fades by the usual rules. 1 turns it off.",
		),
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
		),
		referencePercentile: ranged(
			0.5,
			1,
			0.99,
			"A note whose weighted supportive degree reaches this percentile of the vault's gets full connectivity. A high percentile rather than the maximum, so one giant hub does not flatten every other note.",
		),
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
		),
		recallHalfLifeDays: ranged(
			0.01,
			3650,
			30,
			"Days after which a recall counts half as much towards reactivation (times the memory's stability).",
		),
		recallsForHalfBoost: ranged(
			0.01,
			1000,
			3,
			"Fresh recalls needed to lift reactivation halfway from the baseline to 1; further recalls add less and less.",
		),
		stabilityGain: ranged(
			0,
			100,
			1,
			"How much a recall raises stability when the memory had faded completely since the previous recall; recalls close together raise it little.",
		),
		maxStability: ranged(1, 1000, 10, "Upper bound of stability, the factor that stretches both half-lives."),
	},
	GROUP_ERROR,
);

const LifecycleSettingsSchema = z.object(
	{
		dormantThreshold: ranged(0, 1, 0.015, "Retention below which an active memory becomes dormant."),
		fadingThreshold: ranged(
			0,
			1,
			0.0075,
			"Retention below which a memory becomes fading. Must be lower than the dormant threshold.",
		),
		downwardPasses: ranged(
			1,
			100,
			2,
			"Consecutive maintenance passes a memory must spend below a threshold before it moves down. Moving up is immediate.",
			true,
		),
		pruneAfterFadingDays: ranged(
			0,
			3650,
			30,
			"Days a memory must have been fading before it may be pruned (and it must also be an orphan, idle, not pinned and not core).",
		),
		pruneIdleDays: ranged(0, 3650, 30, "Days without any use before a memory may be pruned."),
	},
	GROUP_ERROR,
);

const ConsolidationWeightsSchema = z.object(
	{
		activation: ranged(0, 1, 0.4, "Weight of recent recall activity in the consolidation score."),
		hub: ranged(0, 1, 0.3, "Weight of the hub score (degree relative to the vault's mean degree)."),
		schema: ranged(0, 1, 0.2, "Weight of the share of neighbours that are hubs."),
		stability: ranged(0, 1, 0.1, "Weight of stability earned through spaced recalls."),
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
		),
		hubDegreeCap: ranged(
			1,
			100,
			3,
			"A node's degree divided by the vault's mean degree, capped at this value, gives its hub score; neighbours at the cap count as hubs.",
		),
		weights: ConsolidationWeightsSchema.prefault({}).describe(
			"Weights of the consolidation score; they must add up to 1.",
		),
		autoCategories: categoryList("Categories (memory_category) promoted to core at the next maintenance pass."),
		approvalCategories: categoryList("Categories whose memories are proposed for core; the user decides."),
		excludedCategories: categoryList("Categories that are never promoted to core automatically (pinning still works)."),
	},
	GROUP_ERROR,
);

export const ScoringSettingsSchema = z
	.object(
		{
			relevance: RelevanceSettingsSchema.prefault({}).describe("Freshness since the last use."),
			connectivity: ConnectivitySettingsSchema.prefault({}).describe(
				"Weighted supportive links relative to the vault.",
			),
			reactivation: ReactivationSettingsSchema.prefault({}).describe(
				"Recalls, their age, and the stability they build.",
			),
			lifecycle: LifecycleSettingsSchema.prefault({}).describe("Status thresholds, hysteresis and the prune rule."),
			core: CoreSettingsSchema.prefault({}).describe("Promotion to core memory."),
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

export type ScoringSettings = z.infer<typeof ScoringSettingsSchema>;
/** What a caller may pass: any subset, the rest takes defaults. */
export type ScoringSettingsInput = z.input<typeof ScoringSettingsSchema>;

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
	const result = ScoringSettingsSchema.safeParse(input ?? {});
	if (result.success) return result.data;
	throw new ScoringSettingsError(
		result.error.issues.map((issue) => `${issue.path.join(".") || "(settings)"} ${issue.message}`),
	);
}

export const DEFAULT_SCORING_SETTINGS: ScoringSettings = parseScoringSettings({});
