import { describe, expect, it } from "vitest";
import { ActivityState, type ActivityLimits } from "../../../src/core/activity/activity-state";
import type { ActivityEvent } from "../../../src/core/activity/records";

function replay(events: ActivityEvent[], limits: Partial<ActivityLimits> = {}): ActivityState {
	const state = new ActivityState({ maxRecentRecalls: 3, maxHistoryPerNode: 10, ...limits });
	events.forEach((event, i) => state.apply({ seq: i + 1, ...event }));
	return state;
}

const recall = (path: string, at: number): ActivityEvent => ({ kind: "recall", path, at });

describe("ActivityState", () => {
	it("keeps the last recalls exactly and summarises older ones with an exact count", () => {
		const spacing = (stability: number | null, at: number, previousAt: number | null) =>
			(stability ?? 1) + (previousAt === null ? 0 : (at - previousAt) / 100);
		const state = replay(
			[100, 200, 400, 800, 1600].map((at) => recall("a.md", at)),
			{ stability: spacing },
		);
		expect(state.get("a.md")?.recalls).toEqual({
			count: 5,
			recent: [400, 800, 1600],
			older: { count: 2, firstAt: 100, lastAt: 200, stability: 2 },
		});
		expect(state.get("a.md")?.lastRecalled).toBe(1600);
	});

	it("sorts recalls that arrive out of order and leaves stability null without a fold", () => {
		const state = replay([recall("a.md", 500), recall("a.md", 100), recall("a.md", 300), recall("a.md", 50)]);
		expect(state.get("a.md")?.recalls).toEqual({
			count: 4,
			recent: [100, 300, 500],
			older: { count: 1, firstAt: 50, lastAt: 50, stability: null },
		});
		expect(state.get("a.md")?.lastRecalled).toBe(500);
	});

	it("tracks the latest open, edit and link", () => {
		const state = replay([
			{ kind: "open", path: "a.md", at: 30 },
			{ kind: "open", path: "a.md", at: 10 },
			{ kind: "edit", path: "a.md", at: 20 },
			{ kind: "link", path: "a.md", at: 40 },
		]);
		expect(state.get("a.md")).toMatchObject({ lastOpened: 30, lastEdited: 20, lastLinked: 40, lastRecalled: null });
	});

	it("moves a node's activity and history on rename, replacing a tombstone at the new path", () => {
		const state = replay([
			recall("b.md", 1),
			{ kind: "delete", path: "b.md", at: 2 },
			recall("a.md", 3),
			{ kind: "transition", path: "a.md", from: "active", to: "dormant", at: 4, reason: "low retention" },
			{ kind: "rename", from: "a.md", to: "b.md", at: 5 },
		]);
		expect(state.get("a.md")).toBeUndefined();
		expect(state.paths()).toEqual(["b.md"]);
		expect(state.get("b.md")?.recalls.recent).toEqual([3]);
		expect(state.history({ path: "b.md" })).toEqual([
			{
				kind: "transition",
				seq: 4,
				device: "",
				path: "a.md",
				from: "active",
				to: "dormant",
				at: 4,
				reason: "low retention",
				undoneAt: null,
			},
		]);
	});

	it("keeps a deleted node as a tombstone that later activity revives", () => {
		const state = replay([recall("a.md", 1), { kind: "delete", path: "a.md", at: 2 }]);
		expect(state.paths()).toEqual([]);
		expect(state.get("a.md")?.deletedAt).toBe(2);
		state.apply({ seq: 3, kind: "open", path: "a.md", at: 3 });
		expect(state.paths()).toEqual(["a.md"]);
		expect(state.get("a.md")).toMatchObject({ deletedAt: null, lastOpened: 3, recalls: { count: 1 } });
	});

	it("marks undone entries and explains why an undo is not possible", () => {
		const state = replay([
			{ kind: "prune", path: "a.md", action: "archive", destination: "Archive/a.md", at: 1 },
			recall("b.md", 2),
			{ kind: "undo", ref: 1, at: 3 },
		]);
		expect(state.entry(1)).toMatchObject({ kind: "prune", undoneAt: 3, destination: "Archive/a.md" });
		expect(state.undoProblem(1)).toBe("record 1 was already undone");
		expect(state.undoProblem(2)).toBe("no transition or prune with sequence number 2 is in the history");
	});

	it("caps history per node and filters by kind, time and count", () => {
		const events: ActivityEvent[] = [];
		for (let i = 0; i < 6; i++) {
			events.push({ kind: "transition", path: "a.md", from: "active", to: "dormant", at: i * 10, reason: `pass ${i}` });
			events.push({ kind: "prune", path: "b.md", action: "mark", at: i * 10 + 5 });
		}
		const state = replay(events, { maxHistoryPerNode: 4 });
		expect(state.history({ path: "a.md" }).map((e) => e.at)).toEqual([20, 30, 40, 50]);
		expect(state.entry(1)).toBeUndefined();
		expect(state.undoProblem(1)).toMatch(/no transition or prune/);
		expect(state.history({ kinds: ["prune"], since: 30 }).map((e) => e.at)).toEqual([35, 45, 55]);
		expect(state.history({ limit: 3 }).map((e) => e.seq)).toEqual([10, 11, 12]);
	});

	it("applies records whatever their sequence order (two writers on one log), and renumbers a clashing entry", () => {
		const state = replay([
			recall("a.md", 1),
			{ kind: "transition", path: "a.md", from: "active", to: "dormant", at: 2, reason: "r" },
		]);
		const clash = state.apply({
			seq: 2,
			kind: "transition",
			path: "a.md",
			from: "dormant",
			to: "active",
			at: 3,
			reason: "r",
		});
		state.apply({ seq: 1, kind: "recall", path: "a.md", at: 4 });
		expect(state.get("a.md")?.recalls.recent).toEqual([1, 4]);
		state.renumber(clash!, 3);
		expect(state.entry(2)).toMatchObject({ to: "dormant" });
		expect(state.entry(3)).toMatchObject({ to: "active" });
		expect(state.lastSeq).toBe(3);
	});
});
