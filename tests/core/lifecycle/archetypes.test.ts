import { describe, expect, it } from "vitest";
import { compareLadder, statusForRetention } from "../../../src/core/lifecycle/status";
import { type LifecycleStatus } from "../../../src/core/model/lifecycle-status";
import { DEFAULT_SCORING_SETTINGS } from "../../../src/core/model/scoring-settings";
import type { NodeNeighbourhood } from "../../../src/core/scoring/neighbourhood";
import {
	dailyPasses,
	referenceVault,
	simulate,
	standardArchetypes,
	type Archetype,
	type PassRecord,
	type UseEventKind,
} from "./archetypes";

/**
 * DESIGN §3: the behaviour the default settings must produce, one test per row. Each test travels
 * in time with one maintenance pass a day in the seeded 1000-note reference vault.
 */
const vault = referenceVault(DEFAULT_SCORING_SETTINGS);
const archetypes = standardArchetypes(vault);
const THREE_YEARS = 1095;

const statusOn = (records: PassRecord[], day: number): LifecycleStatus => {
	const record = records.find((r) => r.day === day);
	if (!record) throw new Error(`no pass on day ${day}`);
	return record.status;
};
const atOrBelow = (status: LifecycleStatus, floor: "dormant" | "fading") =>
	status !== "core" && compareLadder(status, floor) <= 0;

describe("archetypes with the default settings (DESIGN §3)", () => {
	it("fresh orphan, never recalled: active for ≥ 7 days, dormant by 60 days, fading by 180 days", () => {
		const records = simulate(archetypes.freshOrphan, dailyPasses(0, 180), vault.ctx);
		for (const day of dailyPasses(0, 7)) expect(statusOn(records, day)).toBe("active");
		expect(atOrBelow(statusOn(records, 60), "dormant")).toBe(true);
		expect(records.filter((r) => r.day <= 180).some((r) => r.status === "fading")).toBe(true);
		expect(atOrBelow(statusOn(records, 180), "fading")).toBe(true);
	});

	it("note with 2 causal links, never recalled: active ≥ 30 days, not fading within 1 year", () => {
		const records = simulate(archetypes.twoCausalLinks, dailyPasses(0, 365), vault.ctx);
		for (const day of dailyPasses(0, 30)) expect(statusOn(records, day)).toBe("active");
		expect(records.filter((r) => atOrBelow(r.status, "fading"))).toEqual([]);
	});

	it("hub (top 1% weighted degree), untouched: never fading within 3 years", () => {
		expect(vault.hub.weightedSupportiveDegree).toBeGreaterThanOrEqual(vault.ctx.stats.degreePercentile);
		const records = simulate(archetypes.hub, dailyPasses(0, THREE_YEARS), vault.ctx);
		expect(records).toHaveLength(THREE_YEARS + 1);
		expect(records.filter((r) => atOrBelow(r.status, "fading"))).toEqual([]);
	});

	it("recalled ≥ 5 times in the last 14 days (spaced): active, whatever its links", () => {
		// Untouched for 3 years (long fading or pruned), then recalled 5 times over 13 days.
		const recallDays = [0, 3, 6, 9, 13].map((d) => THREE_YEARS + 0.4 + d);
		const lastPass = THREE_YEARS + 14;
		const before: [NodeNeighbourhood, LifecycleStatus][] = [
			[vault.orphan, "pruned"],
			[vault.twoCausalLinks, "fading"],
			[vault.hub, "active"],
		];
		for (const [neighbourhood, statusBefore] of before) {
			const archetype: Archetype = {
				name: "recalled",
				neighbourhood,
				events: recallDays.map((day) => ({ day, kind: "recall" })),
			};
			const records = simulate(archetype, dailyPasses(0, lastPass), vault.ctx);
			const last = records[records.length - 1];
			expect(statusOn(records, THREE_YEARS)).toBe(statusBefore);
			expect(recallDays.filter((day) => day > lastPass - 14 && day <= lastPass)).toHaveLength(5);
			for (const day of dailyPasses(THREE_YEARS + 1, lastPass)) expect(statusOn(records, day)).toBe("active");
			// Retention alone already calls for active, not just the "used since the last pass" rule.
			expect(statusForRetention(last.score.retention, vault.ctx.settings.lifecycle)).toBe("active");
		}
	});

	it("pinned or core: status core, and automatic passes never change it", () => {
		const pinned = simulate(archetypes.pinned, dailyPasses(0, THREE_YEARS), vault.ctx);
		const promoted = simulate(
			{ name: "promoted", neighbourhood: vault.orphan, initialStatus: "core" },
			dailyPasses(0, THREE_YEARS),
			vault.ctx,
		);
		for (const records of [pinned, promoted]) {
			expect(records.every((r) => r.status === "core")).toBe(true);
			expect(records[records.length - 1].score.retention).toBeLessThan(vault.ctx.settings.lifecycle.fadingThreshold);
		}
		expect(pinned.filter((r) => r.change).map((r) => [r.day, r.change?.reason])).toEqual([
			[0, "pinned (memory_pinned: true)"],
		]);
		expect(promoted.filter((r) => r.change)).toEqual([]);
	});

	it("dormant or fading note that is recalled, opened, edited or newly linked: active at the next pass", () => {
		const kinds: UseEventKind[] = ["recall", "open", "edit", "link"];
		const expectedBefore: [number, LifecycleStatus][] = [
			[40, "dormant"],
			[90, "fading"],
			[150, "pruned"],
		];
		for (const [day, before] of expectedBefore) {
			for (const kind of kinds) {
				const archetype: Archetype = { ...archetypes.freshOrphan, events: [{ day: day + 0.5, kind }] };
				const records = simulate(archetype, dailyPasses(0, day + 1), vault.ctx);
				expect(statusOn(records, day)).toBe(before);
				expect(statusOn(records, day + 1)).toBe("active");
			}
		}
	});
});
