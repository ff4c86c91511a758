import type { LifecycleStatus } from "../model/lifecycle-status";
import type { RankingSettings } from "../model/recall-settings";
import { noisyOr, type PathStep, type SpreadHit } from "./spreading-activation";

/** Everything known about one candidate memory for a query. */
export interface RecallCandidate {
	id: string;
	/** Fused query relevance in [0, 1] (`FusedHit.score`); 0 when only spreading reached it. */
	fused: number;
	/** What spreading activation brought to it, if anything. */
	spread?: SpreadHit;
	/** Query terms the keyword index matched. */
	terms?: string[];
	/** Best chunk's cosine similarity to the query. */
	similarity?: number;
	/** Retention score in [0, 1]. */
	retention: number;
	/** Absent means active. */
	status?: LifecycleStatus;
	pinned?: boolean;
	/** Memories with a supersedes edge to this one (see `SupersededIndex`). */
	supersededBy?: readonly string[];
	/** The summary this memory was consolidated into (`memory_consolidated_into`). */
	consolidatedInto?: string;
}

export interface RankOptions {
	limit: number;
	/** Pruned memories are left out of recall unless this is true. */
	includePruned?: boolean;
}

export interface RecallWhy {
	terms?: string[];
	similarity?: number;
	/** Strongest graph path from a query hit to this memory (hit first). */
	path?: string[];
	edges?: PathStep[];
	/** Superseded candidates whose relevance this memory took over as their replacement. */
	replaces?: string[];
	/** How many `replaces` would name, set by boundedHit when a hit lists only the first of them. */
	replacesTotal?: number;
	/** A summary: its members that were candidates, folded into it (they take no place of their own). */
	consolidates?: string[];
	/** Set when the memory made the results only because it is pinned or core. */
	injected?: "core" | "pinned";
}

export interface RankedMemory {
	id: string;
	score: number;
	/** Query relevance in [0, 1]: fused relevance and spread activation combined. */
	relevance: number;
	retention: number;
	supersededBy?: string[];
	/** Relevance under `lowConfidenceFloor`: placed after every result above it. */
	lowConfidence?: boolean;
	why: RecallWhy;
}

/** Candidates scored and in final order (see `orderCandidates`). */
export type OrderedCandidates = readonly Scored[];

interface Scored {
	candidate: RecallCandidate;
	relevance: number;
	replaces: string[];
	consolidates: string[];
	score: number;
}

/**
 * Final recall order:
 *
 *   relevance = 1 − (1 − fused)(1 − spread)            (a replacement takes over the relevance
 *                                                        of a superseded candidate if higher)
 *                                                       (a summary the relevance of its best
 *                                                        member; the members leave the list)
 *   score     = relevance × (1 − s + s × retention^β) × [supersededFactor if superseded]
 *
 * with s = retentionShare: retention breaks near-ties in query relevance but cannot lift an
 * unrelated memory (relevance 0 scores 0). Pinned and core memories count as fully retained.
 * Results at or above the relevance floor come first, then the rest marked lowConfidence;
 * pinned/core memories that matched the query directly (fused > 0) but missed the limit take
 * the last places, up to `maxInjected`.
 */
export function rankRecall(
	candidates: readonly RecallCandidate[],
	settings: RankingSettings,
	options: RankOptions,
): RankedMemory[] {
	return pickRanked(orderCandidates(candidates, settings, options.includePruned === true), settings, options.limit);
}

/** The scoring and ordering half of `rankRecall`; pick several limits from one ordering with `pickRanked`. */
export function orderCandidates(
	candidates: readonly RecallCandidate[],
	settings: RankingSettings,
	includePruned = false,
): OrderedCandidates {
	const kept = candidates.filter((c) => includePruned || c.status !== "pruned");
	const scored = new Map<string, Scored>();
	for (const candidate of kept) {
		if (scored.has(candidate.id))
			throw new Error(`Recall candidate "${candidate.id}" is listed twice; merge its signals into one candidate.`);
		scored.set(candidate.id, {
			candidate,
			relevance: relevanceOf(candidate),
			replaces: [],
			consolidates: [],
			score: 0,
		});
	}
	foldIntoSummaries(scored);
	inheritFromSuperseded(scored);
	for (const entry of scored.values()) entry.score = entry.relevance * priorOf(entry.candidate, settings);

	return [...scored.values()].sort(
		(a, b) =>
			Number(b.relevance >= settings.lowConfidenceFloor) - Number(a.relevance >= settings.lowConfidenceFloor) ||
			b.score - a.score ||
			(a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0),
	);
}

/** The first `limit` of an ordering, with pinned/core memories that missed it injected at the end. */
export function pickRanked(ordered: OrderedCandidates, settings: RankingSettings, limitValue: number): RankedMemory[] {
	const limit = Math.max(0, Math.floor(limitValue));
	const results = ordered.slice(0, limit).map((entry) => toRanked(entry, settings));
	const missed = ordered.slice(limit).filter((entry) => isKept(entry.candidate) && entry.candidate.fused > 0);
	const injected = missed.slice(0, Math.min(settings.maxInjected, limit)).map((entry) => {
		const ranked = toRanked(entry, settings);
		ranked.why.injected = entry.candidate.pinned === true ? "pinned" : "core";
		return ranked;
	});
	return [...results.slice(0, limit - injected.length), ...injected];
}

function relevanceOf(candidate: RecallCandidate): number {
	const fused = clamp01(candidate.fused);
	return candidate.spread ? noisyOr(fused, clamp01(candidate.spread.activation)) : fused;
}

/** Pinned and core memories: kept by definition, so retention does not hold them back. */
function isKept(candidate: RecallCandidate): boolean {
	return candidate.pinned === true || candidate.status === "core";
}

function priorOf(candidate: RecallCandidate, settings: RankingSettings): number {
	const retention = isKept(candidate) ? 1 : clamp01(candidate.retention);
	const share = settings.retentionShare;
	const prior = 1 - share + share * retention ** settings.retentionExponent;
	return (candidate.supersededBy?.length ?? 0) > 0 ? prior * settings.supersededFactor : prior;
}

/**
 * A summary stands for the members consolidated into it: when both are candidates, the summary
 * takes the best relevance of the group and the members leave the list, so the summary comes
 * first and the places its members would have taken go to other evidence. The agent reads the
 * members through the summary's links (`why.consolidates` names those that matched).
 */
function foldIntoSummaries(scored: Map<string, Scored>): void {
	// A summary consolidated into a later summary: its members go to the later one, in any order.
	const folded = new Map<string, Scored>();
	const entryOf = (id: string): Scored | undefined => scored.get(id) ?? folded.get(id);
	for (const member of [...scored.values()]) {
		let summary =
			member.candidate.consolidatedInto === undefined ? undefined : entryOf(member.candidate.consolidatedInto);
		for (let hops = 0; summary && folded.has(summary.candidate.id) && hops < scored.size; hops++)
			summary = folded.get(summary.candidate.id);
		if (!summary || summary === member) continue;
		summary.relevance = Math.max(summary.relevance, member.relevance);
		summary.consolidates.push(member.candidate.id, ...member.consolidates);
		scored.delete(member.candidate.id);
		folded.set(member.candidate.id, summary);
	}
}

/**
 * A replacement is at least as relevant as what it replaced: when the old version matched the
 * query, the new one must come above it. Repeats until chains (C replaces B replaces A) settle.
 */
function inheritFromSuperseded(scored: Map<string, Scored>): void {
	let changed = true;
	while (changed) {
		changed = false;
		for (const old of scored.values()) {
			for (const id of old.candidate.supersededBy ?? []) {
				const replacement = scored.get(id);
				if (!replacement || replacement === old || replacement.relevance >= old.relevance) continue;
				replacement.relevance = old.relevance;
				if (!replacement.replaces.includes(old.candidate.id)) replacement.replaces.push(old.candidate.id);
				changed = true;
			}
		}
	}
}

function toRanked(entry: Scored, settings: RankingSettings): RankedMemory {
	const { candidate } = entry;
	const why: RecallWhy = {};
	if (candidate.terms && candidate.terms.length > 0) why.terms = [...candidate.terms];
	if (candidate.similarity !== undefined) why.similarity = candidate.similarity;
	if (candidate.spread) {
		why.path = [...candidate.spread.path];
		why.edges = candidate.spread.edges.map((step) => ({ ...step }));
	}
	if (entry.replaces.length > 0) why.replaces = [...entry.replaces];
	if (entry.consolidates.length > 0) why.consolidates = [...entry.consolidates];
	const ranked: RankedMemory = {
		id: candidate.id,
		score: entry.score,
		relevance: entry.relevance,
		retention: candidate.retention,
		why,
	};
	if (candidate.supersededBy && candidate.supersededBy.length > 0) ranked.supersededBy = [...candidate.supersededBy];
	if (entry.relevance < settings.lowConfidenceFloor) ranked.lowConfidence = true;
	return ranked;
}

function clamp01(value: number): number {
	return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
