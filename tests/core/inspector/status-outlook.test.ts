import { describe, expect, it } from "vitest";
import { OUTLOOK_HORIZON_DAYS, statusOutlook } from "../../../src/core/inspector/status-outlook";

const LIFECYCLE = { dormantThreshold: 0.015, fadingThreshold: 0.005 } as Parameters<typeof statusOutlook>[2];
/** Retention halving every 10 days from `start`. */
const halving = (start: number) => (days: number) => start * Math.pow(0.5, days / 10);

describe("statusOutlook", () => {
	it("finds the first whole day an unused active memory falls below the dormant threshold", () => {
		// 0.12 × 2^(−d/10) < 0.015 ⇔ d > 30.
		expect(statusOutlook("active", halving(0.12), LIFECYCLE)).toEqual({ to: "dormant", inDays: 31 });
		expect(halving(0.12)(30)).toBeGreaterThanOrEqual(0.015);
	});

	it("gives the fading step for a dormant memory", () => {
		// 0.01 × 2^(−d/10) < 0.005 ⇔ d > 10.
		expect(statusOutlook("dormant", halving(0.01), LIFECYCLE)).toEqual({ to: "fading", inDays: 11 });
	});

	it("is 0 when retention is already below, null beyond the horizon, and absent for core, fading and pruned", () => {
		expect(statusOutlook("active", () => 0.01, LIFECYCLE)).toEqual({ to: "dormant", inDays: 0 });
		expect(statusOutlook("active", () => 0.5, LIFECYCLE)).toEqual({ to: "dormant", inDays: null });
		expect(statusOutlook("active", (days) => (days < OUTLOOK_HORIZON_DAYS ? 0.5 : 0.01), LIFECYCLE)).toEqual({
			to: "dormant",
			inDays: OUTLOOK_HORIZON_DAYS,
		});
		for (const status of ["core", "fading", "pruned"] as const)
			expect(statusOutlook(status, halving(0.5), LIFECYCLE)).toBeNull();
	});
});
