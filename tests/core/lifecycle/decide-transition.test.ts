import { describe, expect, it } from "vitest";
import { decideTransition, type LifecycleDecision } from "../../../src/core/lifecycle/decide-transition";
import type { LifecycleInput } from "../../../src/core/lifecycle/input";
import { initialLifecycleState, type LifecycleState } from "../../../src/core/lifecycle/state";
import {
	DEFAULT_SCORING_SETTINGS,
	parseScoringSettings,
	type ScoringSettings,
} from "../../../src/core/model/scoring-settings";
import { DAY_MS } from "../../../src/core/scoring/time";

const T0 = Date.UTC(2025, 0, 1);
const day = (n: number) => T0 + n * DAY_MS;
const ACTIVE = 0.05;
const DORMANT = 0.01;
const FADING = 0.001;

function input(overrides: Partial<LifecycleInput> = {}): LifecycleInput {
	return {
		path: "Memory/Note.md",
		retention: ACTIVE,
		consolidation: 0,
		lastUse: { at: T0, kind: "created" },
		orphan: true,
		pinned: false,
		category: null,
		pluginCreated: true,
		...overrides,
	};
}

/** Runs passes on the given days with the same input except the retention of each pass. */
function passes(
	state: LifecycleState,
	steps: [number, Partial<LifecycleInput>][],
	settings: ScoringSettings = DEFAULT_SCORING_SETTINGS,
): LifecycleDecision[] {
	const decisions: LifecycleDecision[] = [];
	for (const [n, overrides] of steps) {
		const decision = decideTransition(state, input(overrides), settings, day(n));
		decisions.push(decision);
		state = decision.next;
	}
	return decisions;
}

const stateOf = (status: LifecycleState["status"], since = 0, lastPass = since): LifecycleState => ({
	...initialLifecycleState(day(since), status),
	lastPassAt: day(lastPass),
});

describe("decideTransition: hysteresis", () => {
	it("moves down only after two consecutive passes below the threshold, with the reason", () => {
		const [first, second] = passes(stateOf("active"), [
			[1, { retention: 0.0145 }],
			[2, { retention: 0.0144 }],
		]);
		expect(first.change).toBeUndefined();
		expect(first.next).toMatchObject({ status: "active", pendingDown: 1, lastPassAt: day(1) });
		expect(second.change).toEqual({
			path: "Memory/Note.md",
			from: "active",
			to: "dormant",
			at: day(2),
			reason: "retention 0.0144 < dormant threshold 0.015 for 2 passes",
		});
		expect(second.next).toMatchObject({ status: "dormant", since: day(2), pendingDown: 0 });
	});

	it("starts counting again after a pass back above the threshold", () => {
		const decisions = passes(stateOf("active"), [
			[1, { retention: DORMANT }],
			[2, { retention: ACTIVE }],
			[3, { retention: DORMANT }],
		]);
		expect(decisions.map((d) => d.next.status)).toEqual(["active", "active", "active"]);
		expect(decisions.map((d) => d.next.pendingDown)).toEqual([1, 0, 1]);
	});

	it("honours a different number of downward passes", () => {
		const settings = parseScoringSettings({ lifecycle: { downwardPasses: 3 } });
		const decisions = passes(
			stateOf("dormant"),
			[1, 2, 3].map((n) => [n, { retention: FADING }]),
			settings,
		);
		expect(decisions.map((d) => d.next.status)).toEqual(["dormant", "dormant", "fading"]);
		expect(decisions[2].change?.reason).toBe("retention 0.001 < fading threshold 0.0075 for 3 passes");
	});

	it("can drop straight from active to fading when retention collapsed", () => {
		const decisions = passes(stateOf("active"), [
			[400, { retention: FADING }],
			[401, { retention: FADING }],
		]);
		expect(decisions[1].change).toMatchObject({ from: "active", to: "fading" });
	});

	it("moves up on the first pass that calls for it", () => {
		const [toActive] = passes(stateOf("fading"), [[5, { retention: 0.02 }]]);
		expect(toActive.change).toMatchObject({
			from: "fading",
			to: "active",
			reason: "retention 0.02 ≥ dormant threshold 0.015",
		});
		const [toDormant] = passes(stateOf("fading"), [[5, { retention: 0.008 }]]);
		expect(toDormant.change).toMatchObject({ to: "dormant", reason: "retention 0.008 ≥ fading threshold 0.0075" });
	});

	it("never prints a retention just below a threshold as the threshold", () => {
		const decisions = passes(stateOf("active"), [
			[1, { retention: 0.014996 }],
			[2, { retention: 0.014996 }],
		]);
		expect(decisions[1].change?.reason).toBe("retention 0.014996 < dormant threshold 0.015 for 2 passes");
	});
});

describe("decideTransition: uses", () => {
	it("makes a note used since the last pass active at once, naming the use", () => {
		const verbs = { recalled: "recalled", opened: "opened", modified: "edited", linked: "newly linked" } as const;
		for (const [kind, verb] of Object.entries(verbs)) {
			for (const status of ["dormant", "fading", "pruned"] as const) {
				const lastUse = { at: day(99.5), kind: kind as keyof typeof verbs };
				const [decision] = passes(stateOf(status, 10, 99), [[100, { retention: FADING, lastUse }]]);
				expect(decision.change).toMatchObject({ from: status, to: "active", reason: `${verb} since the last pass` });
			}
		}
	});

	it("does not count a use from before the last pass", () => {
		const lastUse = { at: day(98), kind: "opened" as const };
		const [decision] = passes(stateOf("dormant", 10, 99), [[100, { retention: DORMANT, lastUse }]]);
		expect(decision.change).toBeUndefined();
	});

	it("clears a pending downward count on a use", () => {
		const decisions = passes(stateOf("active"), [
			[1, { retention: DORMANT }],
			[2, { retention: DORMANT, lastUse: { at: day(1.5), kind: "recalled" } }],
			[3, { retention: DORMANT, lastUse: { at: day(1.5), kind: "recalled" } }],
		]);
		expect(decisions.map((d) => d.next.pendingDown)).toEqual([1, 0, 1]);
		expect(decisions.every((d) => d.next.status === "active")).toBe(true);
	});
});

describe("decideTransition: pruning", () => {
	const idle = { retention: FADING, lastUse: { at: day(0), kind: "created" as const } };

	it("prunes a plugin-created memory fading ≥ 30 days, orphan, unpinned and idle ≥ 30 days, after two passes", () => {
		const decisions = passes(stateOf("fading", 100), [
			[129, idle],
			[130, idle],
			[131, idle],
		]);
		expect(decisions[0].next.pendingDown).toBe(0);
		expect(decisions[1].change).toBeUndefined();
		expect(decisions[2].change).toEqual({
			path: "Memory/Note.md",
			from: "fading",
			to: "pruned",
			at: day(131),
			reason: "prune rule met for 2 passes: fading for 31 days, orphan, not pinned, idle for 131 days",
			prune: { pluginCreated: true },
		});
	});

	it("only marks a note the user wrote, by the same rule", () => {
		const user = { ...idle, pluginCreated: false };
		const decisions = passes(stateOf("fading", 100), [
			[140, user],
			[141, user],
		]);
		expect(decisions[1].change).toMatchObject({ to: "pruned", prune: { pluginCreated: false } });
	});

	it("does not prune a linked, recently used, recently fading or dormant note", () => {
		const blocked: [string, LifecycleState, Partial<LifecycleInput>][] = [
			["linked", stateOf("fading", 100), { ...idle, orphan: false }],
			["used 20 days ago", stateOf("fading", 100, 139), { ...idle, lastUse: { at: day(120), kind: "opened" } }],
			["fading for 20 days", stateOf("fading", 120), idle],
			["dormant, not fading", stateOf("dormant", 100), { ...idle, retention: DORMANT }],
		];
		for (const [label, state, overrides] of blocked) {
			const decisions = passes(state, [
				[140, overrides],
				[141, overrides],
			]);
			expect({ label, status: decisions[1].next.status }).toEqual({ label, status: state.status });
		}
	});

	it("lifts a pruned note back to fading once the prune rule no longer holds", () => {
		const patient = parseScoringSettings({ lifecycle: { pruneIdleDays: 3650 } });
		const [decision] = passes(stateOf("pruned", 200), [[300, idle]], patient);
		expect(decision.change).toMatchObject({
			from: "pruned",
			to: "fading",
			reason: "retention 0.001 < fading threshold 0.0075 but the prune rule no longer holds",
		});
	});

	it("keeps a pruned note pruned while it stays an idle orphan", () => {
		const decisions = passes(stateOf("pruned", 200), [
			[300, idle],
			[301, idle],
		]);
		expect(decisions.map((d) => d.next.status)).toEqual(["pruned", "pruned"]);
		expect(decisions.every((d) => d.change === undefined)).toBe(true);
	});
});

describe("decideTransition: core", () => {
	const withCategories = parseScoringSettings({
		core: { autoCategories: ["identity"], approvalCategories: ["preference"], excludedCategories: ["log"] },
	});

	it("makes a pinned note core at once, from any status", () => {
		for (const status of ["active", "dormant", "fading", "pruned"] as const) {
			const [decision] = passes(stateOf(status), [[5, { pinned: true, retention: FADING }]]);
			expect(decision.change).toMatchObject({ from: status, to: "core", reason: "pinned (memory_pinned: true)" });
		}
	});

	it("promotes by consolidation score at the threshold", () => {
		expect(passes(stateOf("active"), [[1, { consolidation: 0.69 }]])[0].change).toBeUndefined();
		expect(passes(stateOf("active"), [[1, { consolidation: 0.7 }]])[0].change).toMatchObject({
			to: "core",
			reason: "consolidation 0.7 ≥ core threshold 0.7",
		});
	});

	it("promotes auto categories directly", () => {
		const [decision] = passes(stateOf("dormant"), [[1, { category: "identity", retention: DORMANT }]], withCategories);
		expect(decision.change).toMatchObject({ to: "core", reason: 'category "identity" is in the auto-promote list' });
	});

	it("proposes approval categories once and applies nothing", () => {
		const decisions = passes(
			stateOf("active"),
			[
				[1, { category: "preference", consolidation: 0.9 }],
				[2, { category: "preference", consolidation: 0.9 }],
			],
			withCategories,
		);
		expect(decisions[0].proposal).toEqual({
			path: "Memory/Note.md",
			category: "preference",
			at: day(1),
			reason: 'category "preference" is in the approval list',
		});
		expect(decisions[0].next).toMatchObject({ status: "active", proposedAt: day(1) });
		expect(decisions[0].change).toBeUndefined();
		expect(decisions[1].proposal).toBeUndefined();
	});

	it("never promotes excluded categories, whatever the score, but still lets pinning win", () => {
		expect(
			passes(stateOf("active"), [[1, { category: "log", consolidation: 1 }]], withCategories)[0].change,
		).toBeUndefined();
		expect(passes(stateOf("active"), [[1, { category: "log", pinned: true }]], withCategories)[0].change?.to).toBe(
			"core",
		);
	});

	it("leaves core alone in automatic passes", () => {
		const decisions = passes(stateOf("core"), [
			[1, { retention: 0 }],
			[2, { retention: 0 }],
			[400, { retention: 0, category: "log" }],
		]);
		expect(decisions.every((d) => d.next.status === "core" && d.change === undefined)).toBe(true);
	});
});
