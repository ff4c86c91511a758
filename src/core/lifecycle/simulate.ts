import type { LifecycleStatus } from "../model/lifecycle-status";
import type { ScoringSettings } from "../model/scoring-settings";
import { lastUseOf, NO_RECALLS, type NodeActivity } from "../scoring/activity";
import type { ScoringContext } from "../scoring/context";
import { isOrphan, type NodeNeighbourhood } from "../scoring/neighbourhood";
import { recordRecall } from "../scoring/recall";
import { scoreNode, type NodeScore } from "../scoring/score-node";
import { DAY_MS } from "../scoring/time";
import { decideTransition, type Transition } from "./decide-transition";
import { initialLifecycleState } from "./state";

/**
 * Time travel through the maintenance pass's own code (scoreNode, decideTransition): how one
 * note's retention and status move when it is used on given days. The archetype tests,
 * docs/scoring.md and the settings tab's decay chart all run on this.
 */

/** Day 0 of every simulation; a fixed date, never the real clock. */
export const EPOCH = Date.UTC(2025, 0, 1);

export const atDay = (day: number): number => EPOCH + day * DAY_MS;

export type UseEventKind = "recall" | "open" | "edit" | "link";

interface UseEvent {
	day: number;
	kind: UseEventKind;
}

export interface Archetype {
	name: string;
	neighbourhood: NodeNeighbourhood;
	/** Uses after creation (day 0), in any order. */
	events?: readonly UseEvent[];
	pinned?: boolean;
	category?: string | null;
	pluginCreated?: boolean;
	/** Status at creation; "core" for a memory promoted before the simulation starts. */
	initialStatus?: LifecycleStatus;
}

export interface PassRecord {
	day: number;
	status: LifecycleStatus;
	score: NodeScore;
	change?: Transition;
}

/** Integer days from `from` to `to`, both included: one maintenance pass a day. */
export function dailyPasses(from: number, to: number): number[] {
	return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Before each pass, applies the uses that happened since, then scores the node and lets the
 * lifecycle decide. Returns one record per pass.
 */
export function simulate(archetype: Archetype, passDays: readonly number[], ctx: ScoringContext): PassRecord[] {
	const { settings } = ctx;
	const events = [...(archetype.events ?? [])].sort((a, b) => a.day - b.day);
	const activity: NodeActivity = {
		created: EPOCH,
		modified: EPOCH,
		lastOpened: null,
		lastLinked: null,
		recall: NO_RECALLS,
	};
	let state = initialLifecycleState(EPOCH, archetype.initialStatus);
	let next = 0;
	return passDays.map((day) => {
		for (; next < events.length && events[next].day <= day; next++) applyUse(activity, events[next], settings);
		const now = atDay(day);
		const score = scoreNode(activity, archetype.neighbourhood, ctx, now);
		const decision = decideTransition(
			state,
			{
				path: `${archetype.name}.md`,
				retention: score.retention,
				consolidation: score.consolidation,
				lastUse: lastUseOf(activity),
				orphan: isOrphan(archetype.neighbourhood),
				pinned: archetype.pinned ?? false,
				category: archetype.category ?? null,
				pluginCreated: archetype.pluginCreated ?? false,
			},
			settings,
			now,
		);
		state = decision.next;
		return { day, status: state.status, score, change: decision.change };
	});
}

function applyUse(activity: NodeActivity, event: UseEvent, settings: ScoringSettings): void {
	const at = atDay(event.day);
	switch (event.kind) {
		case "recall":
			activity.recall = recordRecall(activity.recall, at, settings);
			return;
		case "open":
			activity.lastOpened = at;
			return;
		case "edit":
			activity.modified = at;
			return;
		case "link":
			activity.lastLinked = at;
			return;
	}
}
