import { describe, expect, it } from "vitest";
import { MemoryGraph } from "../../../src/core/graph/memory-graph";
import type { LifecycleState } from "../../../src/core/lifecycle/state";
import { DEFAULT_SCORING_SETTINGS } from "../../../src/core/model/scoring-settings";
import { parseIndexSettings } from "../../../src/core/model/index-settings";
import { parseNote } from "../../../src/core/parse/parse-note";
import { NO_RECALLS } from "../../../src/core/scoring/activity";
import { DAY_MS } from "../../../src/core/scoring/time";
import {
	buildMaintenanceColumns,
	maintenanceRequest,
	type MaintenanceColumns,
} from "../../../src/engine/maintenance/maintenance-columns";
import type { Timers } from "../../../src/core/model/timers";
import { NODE_FLAGS, STATUS_CODES, USE_KIND_CODES } from "../../../src/core/maintenance/maintenance-protocol";
import { NODE_TIMERS } from "../../../src/node/node-timers";

const NOW = Date.UTC(2025, 6, 1);
const CTIME = NOW - 90 * DAY_MS;
const MTIME = NOW - 30 * DAY_MS;

function graphOf(notes: Record<string, string>): MemoryGraph {
	const graph = new MemoryGraph({ edgeKeys: parseIndexSettings({}).edgeKeys });
	graph.setNotes(
		Object.entries(notes).map(([path, content]) => ({
			path,
			mtime: MTIME,
			ctime: CTIME,
			size: content.length,
			parsed: parseNote(content),
		})),
	);
	return graph;
}

const VAULT = {
	"Hub.md": "Links to [[A]], [[B]] and [[C]]; twice to [[A]].\n",
	"A.md": "supports:: [[B]]\n",
	"B.md": "Back to [[A]].\n",
	"C.md": '---\ncontradicts: "[[A]]"\n---\n',
	"Lonely.md":
		"---\nmemory_pinned: true\nmemory_category: decision\nmemory_source: mcp\nmemory_status: Dormant\n---\nSee [[Nowhere]].\n",
	"Tagged.md": "---\nmemory_category: decision\nmemory_status: whatever\n---\n",
};

const row = (columns: MaintenanceColumns, path: string): number => {
	const index = columns.indexByPath.get(path);
	if (index === undefined) throw new Error(`no row for ${path}`);
	return index;
};

function neighboursOf(columns: MaintenanceColumns, path: string): string[] {
	const { adjOffsets, adjIndex } = columns.nodes;
	const i = row(columns, path);
	return Array.from(adjIndex.subarray(adjOffsets[i], adjOffsets[i + 1]), (j) => columns.paths[j]).sort();
}

/** Counts yields and runs `onYield` at each (e.g. to change the graph meanwhile). */
function countingTimers(onYield: (count: number) => void = () => undefined): Timers & { yields: number } {
	const timers = {
		yields: 0,
		setTimeout: (callback: () => void, ms: number) => {
			onYield(++timers.yields);
			return NODE_TIMERS.setTimeout(callback, ms);
		},
		clearTimeout: (handle: unknown) => NODE_TIMERS.clearTimeout(handle),
	};
	return timers;
}

describe("buildMaintenanceColumns", () => {
	it("gives one row per note with its supportive degree and distinct supportive neighbours", async () => {
		const memory = graphOf(VAULT);
		const columns = await buildMaintenanceColumns(memory, NOW, {}, { timers: NODE_TIMERS });

		expect([...columns.paths].sort()).toEqual(Object.keys(VAULT).sort());
		for (const path of columns.paths) {
			expect(columns.nodes.weightedDegree[row(columns, path)], path).toBeCloseTo(memory.supportiveDegree(path), 12);
		}
		expect(columns.nodes.weightedDegree[row(columns, "A.md")]).toBe(0.5 + 1 + 0.5);
		expect(neighboursOf(columns, "Hub.md")).toEqual(["A.md", "B.md", "C.md"]);
		expect(neighboursOf(columns, "A.md")).toEqual(["B.md", "Hub.md"]);
		expect(neighboursOf(columns, "C.md")).toEqual(["Hub.md"]);
		expect(neighboursOf(columns, "Lonely.md")).toEqual([]);
		expect(columns.nodes.adjOffsets[columns.paths.length]).toBe(columns.nodes.adjIndex.length);
	});

	it("on a larger graph, gives every note exactly its supportive neighbours and degree", async () => {
		const types = ["caused_by", "supports", "derived_from", "contradicts", "related_to"];
		const notes = Object.fromEntries(
			Array.from({ length: 400 }, (_, i) => [
				`N${i}.md`,
				`---\n${types[i % 5]}: "[[N${(i * 7) % 400}]]"\n---\n[[N${(i * 13 + 1) % 400}]] [[N${i % 11}]] [[N${i % 11}]]\n`,
			]),
		);
		const memory = graphOf(notes);
		const columns = await buildMaintenanceColumns(memory, NOW, {}, { timers: NODE_TIMERS, sliceMs: 0 });
		const expected = new Map<string, Set<string>>(columns.paths.map((path) => [path, new Set()]));
		for (const edge of memory.edges()) {
			if (edge.type === "contradicts" || edge.type === "supersedes") continue;
			expected.get(edge.source)?.add(edge.target);
			expected.get(edge.target)?.add(edge.source);
		}
		for (const path of columns.paths) {
			expect(neighboursOf(columns, path), path).toEqual([...(expected.get(path) ?? [])].sort());
			expect(columns.nodes.weightedDegree[row(columns, path)], path).toBeCloseTo(memory.supportiveDegree(path), 12);
		}
		expect(expected.get("N0.md")?.size).toBeGreaterThan(30);
	});

	it("reads pinned, plugin-created and category from the frontmatter", async () => {
		const columns = await buildMaintenanceColumns(graphOf(VAULT), NOW, {}, { timers: NODE_TIMERS });
		const lonely = row(columns, "Lonely.md");
		expect(columns.nodes.flags[lonely]).toBe(NODE_FLAGS.pinned | NODE_FLAGS.pluginCreated);
		expect(columns.nodes.flags[row(columns, "Hub.md")]).toBe(0);
		expect(columns.categories).toEqual(["decision"]);
		expect(columns.nodes.categoryIndex[lonely]).toBe(0);
		expect(columns.nodes.categoryIndex[row(columns, "Tagged.md")]).toBe(0);
		expect(columns.nodes.categoryIndex[row(columns, "Hub.md")]).toBe(-1);
	});

	it("without activity records, takes the last use from the file times and no recalls", async () => {
		const columns = await buildMaintenanceColumns(graphOf(VAULT), NOW, {}, { timers: NODE_TIMERS });
		const i = row(columns, "Hub.md");
		expect(columns.nodes.lastUse[i]).toBe(MTIME);
		expect(USE_KIND_CODES[columns.nodes.lastUseKind[i]]).toBe("modified");
		expect([columns.nodes.lastRecall[i], columns.nodes.recallStrength[i], columns.nodes.stability[i]]).toEqual([
			0, 0, 1,
		]);
	});

	it("takes uses and the recall summary from activityOf", async () => {
		const recalled = NOW - 2 * DAY_MS;
		const columns = await buildMaintenanceColumns(
			graphOf(VAULT),
			NOW,
			{
				activityOf: (path, node) => ({
					created: node.ctime,
					modified: node.mtime,
					lastOpened: path === "B.md" ? NOW - DAY_MS : null,
					lastLinked: null,
					recall: path === "A.md" ? { count: 3, last: recalled, strength: 2.5, stability: 1.7 } : NO_RECALLS,
				}),
			},
			{ timers: NODE_TIMERS },
		);
		const a = row(columns, "A.md");
		expect([columns.nodes.lastUse[a], USE_KIND_CODES[columns.nodes.lastUseKind[a]]]).toEqual([recalled, "recalled"]);
		expect([columns.nodes.lastRecall[a], columns.nodes.recallStrength[a], columns.nodes.stability[a]]).toEqual([
			recalled,
			2.5,
			1.7,
		]);
		const b = row(columns, "B.md");
		expect([columns.nodes.lastUse[b], USE_KIND_CODES[columns.nodes.lastUseKind[b]]]).toEqual([NOW - DAY_MS, "opened"]);
	});

	it("writes the known lifecycle states, and a fresh state with the frontmatter status for the others", async () => {
		const known: LifecycleState = {
			status: "fading",
			since: NOW - 40 * DAY_MS,
			pendingDown: 1,
			lastPassAt: NOW - DAY_MS,
			proposedAt: NOW - 3 * DAY_MS,
		};
		const columns = await buildMaintenanceColumns(
			graphOf(VAULT),
			NOW,
			{ stateOf: (path) => (path === "A.md" ? known : undefined) },
			{ timers: NODE_TIMERS },
		);
		const state = (path: string) => {
			const i = row(columns, path);
			const { status, since, pendingDown, lastPassAt, proposedAt } = columns.lifecycle;
			return {
				status: STATUS_CODES[status[i]],
				since: since[i],
				pendingDown: pendingDown[i],
				lastPassAt: lastPassAt[i],
				proposedAt: proposedAt[i],
			};
		};
		expect(state("A.md")).toEqual(known);
		expect(state("Lonely.md")).toEqual({
			status: "dormant",
			since: NOW,
			pendingDown: 0,
			lastPassAt: NOW,
			proposedAt: Number.NaN,
		});
		expect(state("Tagged.md").status).toBe("active");
		expect(state("Hub.md").status).toBe("active");
	});

	it("takes states from the previous pass by path, and reuses its index while the notes are the same", async () => {
		const memory = graphOf(VAULT);
		const first = await buildMaintenanceColumns(memory, NOW, {}, { timers: NODE_TIMERS });
		const a = row(first, "A.md");
		first.lifecycle.status[a] = STATUS_CODES.indexOf("fading");
		first.lifecycle.proposedAt[a] = NOW - DAY_MS;
		const fromStorage = (): LifecycleState => ({
			status: "pruned",
			since: 0,
			pendingDown: 0,
			lastPassAt: 0,
			proposedAt: null,
		});

		const same = await buildMaintenanceColumns(
			memory,
			NOW,
			{ previous: first, stateOf: fromStorage },
			{ timers: NODE_TIMERS },
		);
		expect(same.indexByPath).toBe(first.indexByPath);
		expect(same.lifecycle).toEqual(first.lifecycle);
		expect(same.lifecycle.status).not.toBe(first.lifecycle.status);

		memory.removeNote("Hub.md");
		memory.setNote({ path: "New.md", mtime: NOW, ctime: NOW, size: 0, parsed: parseNote("") });
		const changed = await buildMaintenanceColumns(
			memory,
			NOW,
			{ previous: first, stateOf: fromStorage },
			{ timers: NODE_TIMERS },
		);
		expect(changed.indexByPath).not.toBe(first.indexByPath);
		const status = (path: string) => STATUS_CODES[changed.lifecycle.status[row(changed, path)]];
		expect([status("A.md"), changed.lifecycle.proposedAt[row(changed, "A.md")]]).toEqual(["fading", NOW - DAY_MS]);
		expect(status("B.md")).toBe("active");
		expect(status("New.md")).toBe("pruned");
	});

	it("yields to the event loop between slices and builds the same columns", async () => {
		const notes = Object.fromEntries(
			Array.from({ length: 600 }, (_, i) => [`N${i}.md`, `[[N${(i * 7) % 600}]] [[N${(i * 13 + 1) % 600}]]`]),
		);
		const whole = await buildMaintenanceColumns(graphOf(notes), NOW, {}, { timers: NODE_TIMERS, sliceMs: 1e9 });
		const timers = countingTimers();
		const sliced = await buildMaintenanceColumns(graphOf(notes), NOW, {}, { timers, sliceMs: 0 });
		expect(timers.yields).toBeGreaterThanOrEqual(2 * Math.floor(600 / 64));
		expect(sliced).toEqual(whole);
	});

	it("flags a note removed while it yields, and leaves a note added meanwhile for the next pass", async () => {
		const memory = graphOf(VAULT);
		const timers = countingTimers((count) => {
			if (count !== 1) return;
			memory.removeNote("B.md");
			memory.setNote({ path: "New.md", mtime: NOW, ctime: NOW, size: 0, parsed: parseNote("[[A]]") });
		});
		const columns = await buildMaintenanceColumns(memory, NOW, {}, { timers, sliceMs: 0 });
		expect(columns.paths).not.toContain("New.md");
		expect(columns.nodes.flags[row(columns, "B.md")]).toBe(NODE_FLAGS.skip);
		// A keeps only the hub's link: B is gone, and the new note's link waits for the next pass.
		expect(neighboursOf(columns, "A.md")).toEqual(["Hub.md"]);
		expect(columns.nodes.weightedDegree[row(columns, "A.md")]).toBe(0.5);
		expect(memory.supportiveDegree("A.md")).toBe(1);
	});

	it("makes a request that carries the columns, the settings and the time", async () => {
		const columns = await buildMaintenanceColumns(graphOf(VAULT), NOW, {}, { timers: NODE_TIMERS });
		const request = maintenanceRequest(columns, DEFAULT_SCORING_SETTINGS, NOW);
		expect(request).toEqual({
			now: NOW,
			settings: DEFAULT_SCORING_SETTINGS,
			categories: ["decision"],
			nodes: columns.nodes,
			lifecycle: columns.lifecycle,
		});
	});
});
