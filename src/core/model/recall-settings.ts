import { z } from "zod";
import { EDGE_TYPES, type EdgeType } from "./edge-types";
import { parseSettings } from "./parse-settings";
import { once } from "../util/once";
import { SETTINGS_DEFAULTS } from "./settings-defaults";

/** A number setting whose every failure (wrong type, out of range) names the allowed range. */
function ranged(min: number, max: number, fallback: number, description: string, integer = false) {
	const expected = `${integer ? "an integer" : "a number"} from ${min} to ${max}`;
	const error = (issue: { input?: unknown }) => `must be ${expected} (got ${JSON.stringify(issue.input) ?? "nothing"})`;
	const base = z.number({ error }).min(min, { error }).max(max, { error });
	return (integer ? base.int({ error }) : base).default(fallback).describe(description);
}

const GROUP_ERROR = { error: "must be an object of settings" };

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const recallSettingsSchema = once(() => {
	const FusionSettingsSchema = z.object(
		{
			k: ranged(
				1,
				1000,
				60,
				"Reciprocal rank fusion constant: a hit at rank r in a list scores weight / (k + r). Larger values flatten the difference between the first ranks.",
			).meta({ title: "Rank constant" }),
			keywordWeight: ranged(0, 10, 1, "Weight of the keyword (full-text) ranking in the fusion.").meta({
				title: "Keyword ranking weight",
			}),
			vectorWeight: ranged(0, 10, 1, "Weight of the embedding similarity ranking in the fusion.").meta({
				title: "Meaning ranking weight",
			}),
			coverageExponent: ranged(
				0,
				4,
				1,
				"Keyword scores are multiplied by (query words the note contains / the most any note contains) to this power, so a note holding the whole question outranks one repeating a single word. 0 leaves keyword scores as they are.",
			).meta({ title: "Whole-question bonus" }),
		},
		GROUP_ERROR,
	);

	/**
	 * How much a hop along each edge type passes on. Causation carries the most; evidence and
	 * abstraction slightly less; a plain association half; a contradiction or a replacement
	 * little, since either memory says something different from the other.
	 */
	const DEFAULT_EDGE_WEIGHTS: Record<EdgeType, number> = {
		caused_by: 1.0,
		supports: 0.9,
		derived_from: 0.8,
		related_to: 0.5,
		contradicts: 0.3,
		supersedes: 0.3,
	};

	const EdgeWeightsSchema = z.object(
		Object.fromEntries(
			EDGE_TYPES.map((type) => [
				type,
				ranged(0, 1, DEFAULT_EDGE_WEIGHTS[type], `Share of activation a hop along a ${type} link passes on.`),
			]),
		) as Record<EdgeType, ReturnType<typeof ranged>>,
		GROUP_ERROR,
	);

	const SpreadingSettingsSchema = z.object(
		{
			seeds: ranged(
				0,
				200,
				20,
				"How many of the best fused hits start spreading activation (0 turns spreading off).",
				true,
			).meta({ title: "Hits that start spreading", unit: "hits" }),
			hops: ranged(0, 4, 2, "How many links away from a hit spreading activation reaches.", true).meta({
				title: "Links away",
				unit: "links",
			}),
			hopDecay: ranged(0, 1, 0.7, "Share of activation that survives each hop, before edge-type weights.").meta({
				title: "Share kept per hop",
			}),
			edgeWeights: EdgeWeightsSchema.prefault({})
				.describe("Share of activation passed along each link type.")
				.meta({ title: "Share passed per link type" }),
			downstreamFactor: ranged(
				0,
				1,
				0.8,
				"Factor for hops towards a memory's consequences (against caused_by and derived_from, along supports). Hops towards its causes and evidence, which explain it, pass on in full.",
			).meta({ title: "Towards consequences" }),
			communityPenalty: ranged(
				0,
				1,
				0.5,
				"Factor for a hop that leaves the community (Louvain) of the hit where the path started.",
			).meta({ title: "Leaving the community" }),
			whyFactor: ranged(
				1,
				4,
				1.25,
				"When a query asks why (why, what caused, the reason for), a hop towards a memory's causes and evidence passes on this many times more and is not penalised for leaving the community; 1 treats such queries like any other.",
			).meta({ title: "Towards causes for why questions" }),
			maxNeighbours: ranged(
				1,
				10000,
				50,
				"At most this many neighbours (the strongest links) receive activation from one memory, so a hub cannot flood the results.",
				true,
			).meta({ title: "Most neighbours reached", unit: "neighbours" }),
			minActivation: ranged(
				0,
				1,
				0.01,
				"Contributions below this activation are dropped: far below any direct hit, they would not change the results but would cost time.",
			).meta({ title: "Least activation kept" }),
		},
		GROUP_ERROR,
	);

	const CommunitySettingsSchema = z.object(
		{
			regrowthRatio: ranged(
				0.01,
				10,
				0.1,
				"Communities are recomputed when the number of notes or links has changed by this share since the last computation.",
			).meta({ title: "Recompute after a growth of" }),
			resolution: ranged(0.01, 10, 1, "Louvain resolution: higher values give more, smaller communities.").meta({
				title: "Louvain resolution",
			}),
		},
		GROUP_ERROR,
	);

	const RankingSettingsSchema = z.object(
		{
			retentionShare: ranged(
				0,
				1,
				0.2,
				"Share of the final score that depends on retention: score = relevance × (1 − share + share × retention^exponent). 0 ranks by query relevance alone.",
			).meta({ title: "Share of retention in the score" }),
			retentionExponent: ranged(
				0.01,
				10,
				0.5,
				"Exponent applied to retention before it is mixed in; below 1 it lifts the small retention values most memories have.",
			).meta({ title: "Retention exponent" }),
			supersededFactor: ranged(0, 1, 0.3, "Score factor for a memory that another memory supersedes.").meta({
				title: "Factor for superseded memories",
			}),
			lowConfidenceFloor: ranged(
				0,
				1,
				0.2,
				"Relevance below which a result only fills up the list after every result above it, marked low_confidence.",
			).meta({ title: "Low confidence below" }),
			resultFloor: ranged(
				0,
				1,
				0.02,
				"Results whose score is below this share of the best result's score are left out instead of filling the list up to the number asked for (0 keeps them all). Pinned and core memories added to the results are not affected.",
			).meta({ title: "Leave out results below" }),
			maxInjected: ranged(
				0,
				100,
				2,
				"At most this many pinned or core memories that matched the query are put into the results when they would otherwise miss the limit.",
				true,
			).meta({ title: "Pinned or core memories added", unit: "memories" }),
		},
		GROUP_ERROR,
	);

	const floorError = (issue: { input?: unknown }) =>
		`must be a number from -1 to 1 (got ${JSON.stringify(issue.input) ?? "nothing"})`;

	const AutoLinkSettingsSchema = z.object(
		{
			cosineFloor: ranged(
				-1,
				1,
				0.45,
				"Lowest embedding similarity for an automatic link when the model has no floor of its own (0.45 suits small local sentence models).",
			).meta({ title: "Least similarity" }),
			cosineFloorByModel: z
				.record(
					z.string().min(1),
					z.number({ error: floorError }).min(-1, { error: floorError }).max(1, { error: floorError }),
					{
						error: (issue) =>
							issue.code === "invalid_key" ? "model ids must not be empty" : "must map model ids to similarity floors",
					},
				)
				.default({})
				.describe(
					"The least similarity for an automatic link, per embedding model id (one row per model); other models use the least similarity above.",
				)
				.meta({ title: "Least similarity per model", keyLabel: "Model id" }),
			maxLinksPerStore: ranged(
				0,
				100,
				3,
				"At most this many automatic links are made when one memory is stored.",
				true,
			).meta({ title: "Most links per stored memory", unit: "links" }),
			maxAutoLinksIntoNode: ranged(
				0,
				10000,
				10,
				"A memory that already receives this many automatic links gets no more, so popular memories do not become hubs by accident.",
				true,
			).meta({ title: "Most automatic links into one memory", unit: "links" }),
		},
		GROUP_ERROR,
	);

	const ConflictSettingsSchema = z.object(
		{
			minTokenOverlap: ranged(
				0,
				1,
				0.6,
				"Share of shared words (Jaccard, without stop words and negations) two sentences need before a one-sided negation counts as a conflict.",
			).meta({ title: "Least shared words" }),
		},
		GROUP_ERROR,
	);

	const CueSettingsSchema = z.object(
		{
			weight: ranged(
				0,
				10,
				0.3,
				"Weight of the cue channel (names, topics, tags, link texts and times shared with the query, weighted by rarity) in the fusion; 0 turns it off.",
			).meta({ title: "Cue weight" }),
			maxShare: ranged(
				0.01,
				1,
				0.1,
				"A query cue held by more than this share of the memories (and by more than two) is too common to seed the cue channel.",
			).meta({ title: "Too common above" }),
			timeWeight: ranged(
				0,
				10,
				2,
				'Weight of a time the question names ("in May 2023", "the week before 9 June 2023") matching the days a memory speaks of or the day it was written, relative to a cue of the same rarity.',
			).meta({ title: "Weight of a named time" }),
			whenWeight: ranged(
				0,
				10,
				0.5,
				"For a question that asks when, extra weight (relative to an average query cue) for matched memories that speak of a time.",
			).meta({ title: "Weight of times for when questions" }),
			spread: ranged(
				0,
				1,
				0.3,
				"Share of a memory's cue score passed to other memories that share one of its rare names (capitalised words and phrases, tags, aliases, link texts; scaled by the name's rarity); 0 turns spreading through cues off.",
			).meta({ title: "Spread through shared names" }),
			spreadSeeds: ranged(
				0,
				100,
				10,
				"How many of the best cue matches spread activation through their cues.",
				true,
			).meta({ title: "Cue matches that spread", unit: "memories" }),
			maxCueFanOut: ranged(
				2,
				10000,
				30,
				"A name held by more memories than this does not spread activation (it would reach too many to mean anything).",
				true,
			).meta({ title: "Most memories per spreading name", unit: "memories" }),
		},
		GROUP_ERROR,
	);

	const EpisodeSettingsSchema = z.object(
		{
			weight: ranged(
				0,
				1,
				0.6,
				"Memories stored with the same source_session (memory_session) form an episode. A matched memory's relevance is multiplied by (1 − weight + weight × its episode's score), the episode's score being its best members' relevance summed, relative to the best episode's. 0 turns it off.",
			).meta({ title: "Episode weight" }),
			members: ranged(1, 100, 5, "How many of an episode's best matching memories make its score.", true).meta({
				title: "Members that score an episode",
				unit: "memories",
			}),
			coverageExponent: ranged(
				0,
				4,
				1,
				"An episode's score is multiplied by (query words its matched memories hold together / the most any episode holds) to this power. 0 leaves it out.",
			).meta({ title: "Episode whole-question bonus" }),
			diversity: ranged(
				0,
				1,
				0.55,
				"Result diversity for memories of an episode: a result's score × this factor per result already picked from its episode (in place of its Louvain community). 1 leaves them to community diversity.",
			).meta({ title: "Diversity within an episode" }),
			diversityDepth: ranged(
				1,
				100,
				5,
				"Episode diversity spreads this many first results over episodes; the results after them follow relevance, so the rest of the best episode's memories can follow.",
				true,
			).meta({ title: "Results spread over episodes", unit: "results" }),
			focus: ranged(
				0,
				1,
				0.25,
				"No episode diversity when one episode is far ahead: no other episode's 5 best candidates (their scores summed) come to this share of the best episode's. The question looks answered there, so its memories follow relevance and more of the answer comes first. 0 always spreads.",
			).meta({ title: "One episode far ahead below" }),
		},
		GROUP_ERROR,
	);

	return z.object(
		{
			fusion: FusionSettingsSchema.prefault({})
				.describe("Merging the keyword and vector rankings.")
				.meta({ title: "Merging rankings" }),
			cues: CueSettingsSchema.prefault({})
				.describe("The cue channel: memories that share names, topics, tags, link texts or times with the query.")
				.meta({ title: "Cues" }),
			episodes: EpisodeSettingsSchema.prefault({})
				.describe(
					"Episodes: memories stored with the same source_session, ranked together and spread over in the results.",
				)
				.meta({ title: "Episodes" }),
			spreading: SpreadingSettingsSchema.prefault({})
				.describe("Spreading activation over the memory graph from the best hits.")
				.meta({ title: "Spreading over links" }),
			communities: CommunitySettingsSchema.prefault({})
				.describe("Louvain communities used by the spreading penalty.")
				.meta({ title: "Communities" }),
			ranking: RankingSettingsSchema.prefault({})
				.describe("Final order: query relevance, retention, pinned/core, superseded.")
				.meta({ title: "Ranking" }),
			autoLink: AutoLinkSettingsSchema.prefault({})
				.describe("Automatic related_to links made when a memory is stored.")
				.meta({ title: "Automatic links" }),
			conflicts: ConflictSettingsSchema.prefault({})
				.describe("Possible-conflict hints returned when a memory is stored and on the results of a recall.")
				.meta({ title: "Conflicts" }),
		},
		GROUP_ERROR,
	);
});

export type RecallSettings = z.infer<ReturnType<typeof recallSettingsSchema>>;
export type RecallSettingsInput = z.input<ReturnType<typeof recallSettingsSchema>>;
export type SpreadingSettings = RecallSettings["spreading"];
export type RankingSettings = RecallSettings["ranking"];
export type CueSettings = RecallSettings["cues"];
export type EpisodeSettings = RecallSettings["episodes"];
export type AutoLinkSettings = RecallSettings["autoLink"];

/** Validates recall settings and fills in defaults; the error names the first invalid field. */
export function parseRecallSettings(input: unknown): RecallSettings {
	return parseSettings(recallSettingsSchema(), input, "recall");
}

export const DEFAULT_RECALL_SETTINGS: RecallSettings = SETTINGS_DEFAULTS.recall;

/** The auto-link similarity floor for an embedding model: its own if set, else the general one. */
export function autoLinkFloorFor(settings: AutoLinkSettings, modelId: string): number {
	return settings.cosineFloorByModel[modelId] ?? settings.cosineFloor;
}
