import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIFECYCLE_STATUSES } from "../../../src/core/model/lifecycle-status";
import { decideTransition } from "../../../src/core/lifecycle/decide-transition";
import type { LifecycleInput } from "../../../src/core/lifecycle/input";
import type { LifecycleState } from "../../../src/core/lifecycle/state";
import { parseScoringSettings } from "../../../src/core/model/scoring-settings";
import { DAY_MS } from "../../../src/core/scoring/time";

const T0 = Date.UTC(2025, 0, 1);
const time = fc.integer({ min: T0, max: T0 + 2000 * DAY_MS });

const stateArb = (status: fc.Arbitrary<LifecycleState["status"]>) =>
	fc.record({
		status,
		since: time,
		pendingDown: fc.integer({ min: 0, max: 5 }),
		lastPassAt: time,
		proposedAt: fc.option(time),
	});

const inputArb: fc.Arbitrary<LifecycleInput> = fc.record({
	path: fc.constant("Memory/Note.md"),
	retention: fc.double({ min: 0, max: 1, noNaN: true }),
	consolidation: fc.double({ min: 0, max: 1, noNaN: true }),
	lastUse: fc.record({
		at: time,
		kind: fc.constantFrom("created", "modified", "recalled", "opened", "linked" as const),
	}),
	orphan: fc.boolean(),
	pinned: fc.boolean(),
	category: fc.option(fc.constantFrom("identity", "preference", "log", "other")),
	pluginCreated: fc.boolean(),
});

const settingsArb = fc
	.record({
		downwardPasses: fc.integer({ min: 1, max: 4 }),
		promotionThreshold: fc.double({ min: 0, max: 1, noNaN: true }),
	})
	.map(({ downwardPasses, promotionThreshold }) =>
		parseScoringSettings({
			lifecycle: { downwardPasses },
			core: {
				promotionThreshold,
				autoCategories: ["identity"],
				approvalCategories: ["preference"],
				excludedCategories: ["log"],
			},
		}),
	);

describe("lifecycle properties", () => {
	it("never changes a core memory in an automatic pass", () => {
		fc.assert(
			fc.property(
				stateArb(fc.constant("core")),
				fc.array(fc.tuple(inputArb, time), { maxLength: 20 }),
				settingsArb,
				(start, steps, settings) => {
					let state = start;
					for (const [input, now] of steps) {
						const decision = decideTransition(state, input, settings, now);
						expect(decision.next.status).toBe("core");
						expect(decision.change).toBeUndefined();
						state = decision.next;
					}
				},
			),
		);
	});

	it("makes a pinned memory core, from any status", () => {
		fc.assert(
			fc.property(
				stateArb(fc.constantFrom(...LIFECYCLE_STATUSES)),
				inputArb,
				settingsArb,
				time,
				(state, input, settings, now) => {
					const decision = decideTransition(state, { ...input, pinned: true }, settings, now);
					expect(decision.next.status).toBe("core");
				},
			),
		);
	});
});
