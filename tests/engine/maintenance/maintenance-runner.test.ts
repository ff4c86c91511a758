import { describe, expect, it } from "vitest";
import { MemoryGraph } from "../../../src/core/graph/memory-graph";
import type { LifecycleState } from "../../../src/core/lifecycle/state";
import { parseIndexSettings } from "../../../src/core/model/index-settings";
import { DEFAULT_SCORING_SETTINGS } from "../../../src/core/model/scoring-settings";
import { parseNote } from "../../../src/core/parse/parse-note";
import { DAY_MS } from "../../../src/core/scoring/time";
import { runMaintenancePass } from "../../../src/engine/maintenance/maintenance-runner";
import { stateAt, stateLookup } from "../../../src/engine/maintenance/pass-outcome";
import { NODE_TIMERS } from "../../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../../src/workers/in-thread-host";

const NOW = Date.UTC(2025, 6, 1);
const PASS = 10 * 60 * 1000;

function graphOf(notes: Record<string, { content: string; mtime: number }>): MemoryGraph {
	const graph = new MemoryGraph({ edgeKeys: parseIndexSettings({}).edgeKeys });
	graph.setNotes(
		Object.entries(notes).map(([path, { content, mtime }]) => ({
			path,
			mtime,
			ctime: mtime,
			size: content.length,
			parsed: parseNote(content),
		})),
	);
	return graph;
}

const memory = graphOf({
	"Old orphan.md": { content: "Nothing links here.\n", mtime: NOW - 400 * DAY_MS },
	"Pinned.md": { content: "---\nmemory_pinned: true\n---\n", mtime: NOW - DAY_MS },
	"Fresh.md": { content: "See [[Pinned]].\n", mtime: NOW - DAY_MS },
});

describe("runMaintenancePass", () => {
	it("names the changes by path and carries the lifecycle state from one pass to the next", async () => {
		const worker = createInThreadMaintenanceWorker();
		const first = await runMaintenancePass(worker, memory, DEFAULT_SCORING_SETTINGS, NOW, { timers: NODE_TIMERS });

		expect(first.changes).toEqual([
			{ path: "Pinned.md", from: "active", to: "core", at: NOW, reason: "pinned (memory_pinned: true)" },
		]);
		expect(first.retention[first.indexByPath.get("Old orphan.md") ?? -1]).toBeLessThan(
			DEFAULT_SCORING_SETTINGS.lifecycle.fadingThreshold,
		);
		expect(stateAt(first, first.indexByPath.get("Old orphan.md") ?? -1)).toEqual({
			status: "active",
			since: NOW,
			pendingDown: 1,
			lastPassAt: NOW,
			proposedAt: null,
		});

		const second = await runMaintenancePass(worker, memory, DEFAULT_SCORING_SETTINGS, NOW + PASS, {
			timers: NODE_TIMERS,
			previous: first,
		});

		expect(second.changes).toHaveLength(1);
		expect(second.changes[0]).toMatchObject({ path: "Old orphan.md", from: "active", to: "fading", at: NOW + PASS });
		expect(second.changes[0].reason).toMatch(/^retention .* < fading threshold 0.0075 for 2 passes$/);
		expect(second.stats.nodeCount).toBe(3);
		expect(stateLookup(second)("Pinned.md")).toEqual({
			status: "core",
			since: NOW,
			pendingDown: 0,
			lastPassAt: NOW + PASS,
			proposedAt: null,
		});
		expect(stateLookup(second)("Missing.md")).toBeUndefined();
	});

	it("round-trips every field of a lifecycle state through the columns", async () => {
		const states: Record<string, LifecycleState> = {
			"Old orphan.md": {
				status: "core",
				since: NOW - 9 * DAY_MS,
				pendingDown: 0,
				lastPassAt: NOW - PASS,
				proposedAt: NOW - 5 * DAY_MS,
			},
			"Pinned.md": {
				status: "core",
				since: NOW - 2 * DAY_MS,
				pendingDown: 0,
				lastPassAt: NOW - PASS,
				proposedAt: null,
			},
			"Fresh.md": {
				status: "core",
				since: NOW - 3.5 * DAY_MS,
				pendingDown: 0,
				lastPassAt: NOW - PASS,
				proposedAt: 1.5,
			},
		};
		const outcome = await runMaintenancePass(createInThreadMaintenanceWorker(), memory, DEFAULT_SCORING_SETTINGS, NOW, {
			timers: NODE_TIMERS,
			stateOf: (path) => states[path],
		});
		expect(outcome.changes).toEqual([]);
		for (const [path, state] of Object.entries(states))
			expect(stateLookup(outcome)(path)).toEqual({ ...state, lastPassAt: NOW });
	});
});
