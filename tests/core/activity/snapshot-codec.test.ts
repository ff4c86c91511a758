import { describe, expect, it } from "vitest";
import { ActivityState } from "../../../src/core/activity/activity-state";
import { encodeChecksummedLine } from "../../../src/core/activity/log-codec";
import { decodeSnapshot, encodeSnapshot } from "../../../src/core/activity/snapshot-codec";

function sampleState(): ActivityState {
	const state = new ActivityState({ maxRecentRecalls: 2, maxHistoryPerNode: 5 });
	state.apply({ seq: 1, kind: "recall", path: "a.md", at: 1 });
	state.apply({ seq: 2, kind: "recall", path: "a.md", at: 2 });
	state.apply({ seq: 3, kind: "recall", path: "a.md", at: 3 });
	state.apply({ seq: 4, kind: "transition", path: "b.md", from: "dormant", to: "active", at: 4, reason: "recalled" });
	state.apply({ seq: 5, kind: "prune", path: "c.md", action: "trash", at: 5 });
	state.apply({ seq: 6, kind: "delete", path: "c.md", at: 6 });
	return state;
}

describe("snapshot codec", () => {
	it("round-trips the whole state", () => {
		const state = sampleState();
		const decoded = decodeSnapshot(encodeSnapshot(state, 7));
		expect(decoded).toEqual({ generation: 7, lastSeq: 6, nodes: [...state.allNodes()], renames: [], undos: [] });
		const restored = ActivityState.restore(
			"nodes" in decoded ? decoded.nodes : [],
			{ lastSeq: 6, renames: [], undos: [] },
			{ maxRecentRecalls: 2, maxHistoryPerNode: 5 },
		);
		expect(restored.paths()).toEqual(["a.md", "b.md"]);
		expect(restored.entry(4)).toMatchObject({ to: "active" });
	});

	it("reads a snapshot written before cascades existed, and keeps cascades from then on", () => {
		const state = sampleState();
		state.apply({ seq: 7, kind: "cascade", path: "a.md", at: 7 });
		const nodes = [...state.allNodes()].map(({ lastCascaded: _dropped, ...older }) => older);
		const decoded = decodeSnapshot(
			encodeChecksummedLine(JSON.stringify({ format: 1, generation: 3, lastSeq: 7, nodes })),
		);
		expect("nodes" in decoded && decoded.nodes.map((node) => node.lastCascaded)).toEqual([null, null, null]);
		const current = decodeSnapshot(encodeSnapshot(state, 4));
		expect("nodes" in current && current.nodes[0]).toMatchObject({
			path: "a.md",
			lastCascaded: 7,
			recalls: { count: 3 },
		});
	});

	it("reports a truncated or damaged snapshot instead of trusting it", () => {
		const text = encodeSnapshot(sampleState(), 2);
		expect(decodeSnapshot(text.slice(0, -1))).toEqual({ problem: "the file is incomplete" });
		expect(decodeSnapshot(text.slice(0, 40) + "\n")).toEqual({ problem: "checksum mismatch" });
		expect(decodeSnapshot(text.replace('"a.md"', '"x.md"'))).toEqual({ problem: "checksum mismatch" });
		expect(decodeSnapshot("")).toEqual({ problem: "the file is incomplete" });
	});
});
