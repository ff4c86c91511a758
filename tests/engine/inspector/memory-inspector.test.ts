import { afterEach, describe, expect, it } from "vitest";
import { readMemorySettings, type MemorySettings } from "../../../src/core/model/settings";
import { NO_RECALLS } from "../../../src/core/scoring/activity";
import { createScoringContext } from "../../../src/core/scoring/context";
import { scoreNode } from "../../../src/core/scoring/score-node";
import { computeVaultStats } from "../../../src/core/scoring/vault-stats";
import { summariseRecalls } from "../../../src/core/scoring/recall";
import { MemoryEngine } from "../../../src/engine/memory-engine";
import { MemoryError } from "../../../src/core/model/memory-error";
import { NODE_TIMERS } from "../../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../../src/workers/in-thread-host";
import { MemoryStorage } from "../../fakes/memory-storage";
import { MemoryVault } from "../../helpers/memory-vault";

const DAY = 86_400_000;

/** A causal chain A ← B ← … (A caused_by B, B caused_by C, …), a small typed cluster T1–T4, a pinned note and an orphan. */
const NOTES: Record<string, string> = {
	"A.md": '---\ncaused_by: "[[B]]"\n---\nAlpha outage report.',
	"B.md": '---\ncaused_by: "[[C]]"\n---\nBeta release notes.',
	"C.md": '---\ncaused_by: "[[D]]"\n---\nGamma migration plan.',
	"D.md": '---\ncaused_by: "[[E]]"\n---\nDelta schema change.',
	"E.md": "Epsilon design review.",
	"T1.md": "Links to [[T2]] and [[T3]].",
	"T2.md": '---\nsupports: "[[T3]]"\n---\nEvidence for T3.',
	"T3.md": '---\ncontradicts: "[[T4]]"\n---\nA claim.',
	"T4.md": "The opposite claim.",
	"Prefs.md": "---\nmemory_pinned: true\nmemory_category: Preference\n---\nUse tabs, not spaces.",
	"Lonely.md": "Nobody links here.",
};

const engines: MemoryEngine[] = [];

async function startEngine(files: Record<string, string> = NOTES) {
	const vault = new MemoryVault(files);
	let now = vault.now + 3 * DAY;
	const settings: MemorySettings = readMemorySettings({}).settings;
	const engine = new MemoryEngine({
		vault,
		storage: new MemoryStorage(),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => now,
		settings: () => settings,
		warn: () => undefined,
	});
	engines.push(engine);
	await engine.start({ follow: false });
	return { engine, vault, settings, advance: (ms: number) => (now += ms), now: () => now };
}

afterEach(async () => {
	for (const engine of engines.splice(0)) await engine.stop();
});

describe("MemoryInspector.explain", () => {
	it("gives the per-node scorer's forces for the live graph and activity, and the pass computes the same retention", async () => {
		const { engine, vault, settings, now } = await startEngine();
		await engine.recall("gamma migration");
		const explanation = engine.inspector.explain("C.md");

		// The same scorer fed by hand: C has 2 caused_by edges (weight 1 each), 2 supportive neighbours.
		const weighted = new Float64Array([1, 2, 2, 2, 1, 1, 1.5, 1.5, 0, 0, 0]);
		const degrees = new Uint32Array([1, 2, 2, 2, 1, 2, 2, 2, 0, 0, 0]);
		const ctx = createScoringContext(settings.scoring, computeVaultStats(weighted, degrees, settings.scoring));
		const recall = summariseRecalls([now()], settings.scoring);
		const expected = scoreNode(
			{ created: vault.now, modified: vault.now, lastOpened: null, lastLinked: null, recall },
			{ weightedSupportiveDegree: 2, degree: 2, neighbourHubShare: 0 },
			ctx,
			now(),
		);
		const { scores } = explanation;
		expect(scores.relevance.value).toBe(expected.relevance);
		expect(scores.connectivity.value).toBe(expected.connectivity);
		expect(scores.reactivation.value).toBe(expected.reactivation);
		expect(scores.retention).toBe(expected.retention);
		expect(scores.consolidation).toBe(expected.consolidation);
		expect(scores.reactivation.recalls).toBe(1);
		expect(scores.relevance.lastUse.kind).toBe("recalled");
		expect(scores.connectivity).toMatchObject({ weightedDegree: 2, degree: 2, referenceDegree: 2, orphan: false });
		expect(scores.formula[0]).toMatch(
			/^retention = relevance × connectivity × reactivation = [\d.]+ × 1 × [\d.]+ = [\d.]+$/,
		);

		await engine.maintenance.runPass();
		expect(engine.maintenance.retentionOf("C.md")).toBeCloseTo(explanation.scores.retention, 12);
	});

	it("reports a never-recalled orphan at the floor and baseline, with the formula saying so", async () => {
		const { engine, settings } = await startEngine();
		const { scores } = engine.inspector.explain("Lonely.md");
		expect(scores.connectivity).toMatchObject({
			value: settings.scoring.connectivity.orphanFloor,
			orphan: true,
			weightedDegree: 0,
		});
		expect(scores.reactivation).toMatchObject({
			value: settings.scoring.reactivation.neverRecalledBaseline,
			recalls: 0,
			lastRecall: null,
		});
		expect(scores.formula[2]).toBe("connectivity = orphan floor 0.1 (no supportive link)");
		expect(scores.relevance.ageDays).toBe(3);
		expect(NO_RECALLS.count).toBe(0);
	});

	it("walks the causal chain both ways with depths and the node each step came through", async () => {
		const { engine } = await startEngine();
		const a = engine.inspector.explain("A.md");
		expect(a.upstream).toEqual([
			{ path: "B.md", depth: 1, via: "A.md" },
			{ path: "C.md", depth: 2, via: "B.md" },
			{ path: "D.md", depth: 3, via: "C.md" },
		]);
		expect(a.downstream).toEqual([]);
		const e = engine.inspector.explain("E.md", { chainDepth: 10 });
		expect(e.downstream.map((step) => step.path)).toEqual(["D.md", "C.md", "B.md", "A.md"]);
		// T2 supports T3: T2 is upstream evidence of T3.
		expect(engine.inspector.explain("T3.md").upstream).toEqual([{ path: "T2.md", depth: 1, via: "T3.md" }]);
	});

	it("leaves out what the caller may not see, and everything reached only through it", async () => {
		const { engine } = await startEngine();
		const hidden = engine.inspector.explain("A.md", { include: (path) => path !== "B.md" });
		expect(hidden.upstream).toEqual([]);
		expect(hidden.edgesOut).toEqual([]);
		expect(hidden.removalImpact.orphaned).toEqual([]);
		expect(hidden.removalImpact).toMatchObject({ weightedDegree: 1, orphanedCount: 0 });
		expect(hidden.edgesOutTotal).toBe(0);
	});

	it("lists edges in and out with type, weight and provenance", async () => {
		const { engine } = await startEngine();
		const t3 = engine.inspector.explain("T3.md");
		expect(t3.edgesOut).toEqual([
			{
				source: "T3.md",
				target: "T4.md",
				type: "contradicts",
				weight: 0,
				supportive: false,
				provenance: [{ origin: "frontmatter", key: "contradicts" }],
			},
		]);
		expect(t3.edgesIn).toEqual(
			expect.arrayContaining([
				{
					source: "T1.md",
					target: "T3.md",
					type: "related_to",
					weight: 0.5,
					supportive: true,
					provenance: [{ origin: "wikilink" }],
				},
				{
					source: "T2.md",
					target: "T3.md",
					type: "supports",
					weight: 1,
					supportive: true,
					provenance: [{ origin: "frontmatter", key: "supports" }],
				},
			]),
		);
		expect(t3.edgesIn).toHaveLength(2);
	});

	it("measures removal impact along a chain: orphans, cut-off memories and the degree carried", async () => {
		const { engine } = await startEngine();
		const impact = (path: string) => engine.inspector.explain(path).removalImpact;
		expect(impact("B.md")).toEqual({
			orphaned: ["A.md"],
			orphanedCount: 1,
			disconnected: 1,
			componentsAfter: 2,
			weightedDegree: 2,
			supportiveEdges: 2,
			edges: 2,
		});
		expect(impact("C.md")).toEqual({
			orphaned: [],
			orphanedCount: 0,
			disconnected: 2,
			componentsAfter: 2,
			weightedDegree: 2,
			supportiveEdges: 2,
			edges: 2,
		});
		expect(impact("A.md")).toEqual({
			orphaned: [],
			orphanedCount: 0,
			disconnected: 0,
			componentsAfter: 1,
			weightedDegree: 1,
			supportiveEdges: 1,
			edges: 1,
		});
		// T1, T2, T3 form a triangle: no single removal cuts it; T4 hangs on a non-supportive edge.
		expect(impact("T3.md")).toEqual({
			orphaned: [],
			orphanedCount: 0,
			disconnected: 0,
			componentsAfter: 1,
			weightedDegree: 1.5,
			supportiveEdges: 2,
			edges: 3,
		});
		expect(impact("Lonely.md")).toEqual({
			orphaned: [],
			orphanedCount: 0,
			disconnected: 0,
			componentsAfter: 0,
			weightedDegree: 0,
			supportiveEdges: 0,
			edges: 0,
		});
	});

	it("counts a larger piece cut off by a hub's removal", async () => {
		const { engine } = await startEngine({
			"Hub.md": "[[L1]] [[L2]] [[R1]]",
			"L1.md": "[[L2]]",
			"L2.md": "[[L3]]",
			"L3.md": "leaf",
			"R1.md": "[[R2]]",
			"R2.md": "leaf",
		});
		// Without Hub: {L1, L2, L3} and {R1, R2}; the smaller piece (2 memories) is cut off.
		expect(engine.inspector.explain("Hub.md").removalImpact).toMatchObject({
			orphaned: [],
			disconnected: 2,
			componentsAfter: 2,
		});
		const listed = engine.inspector.explain("Hub.md", { maxListed: 2 });
		expect(listed.edgesOut).toHaveLength(2);
		expect(listed.edgesOutTotal).toBe(3);
	});

	it("counts a neighbour linked twice (both ways, two types) as one, and sees changes made since the last explanation", async () => {
		const { engine, vault } = await startEngine({
			"P.md": '---\ncaused_by: "[[Q]]"\n---\nP',
			"Q.md": '---\nsupports: "[[P]]"\n---\nQ',
			"R.md": "R",
		});
		expect(engine.inspector.explain("P.md").removalImpact).toMatchObject({
			orphaned: ["Q.md"],
			weightedDegree: 2,
			supportiveEdges: 2,
		});
		expect(engine.inspector.explain("P.md").scores.connectivity.degree).toBe(1);

		await engine.index.apply(vault.write("R.md", "Links to [[Q]]."));
		const after = engine.inspector.explain("P.md");
		expect(after.removalImpact.orphaned).toEqual([]);
		expect(engine.inspector.explain("Q.md").scores.connectivity).toMatchObject({ weightedDegree: 2.5, degree: 2 });
		expect(engine.inspector.stats().orphans).toBe(0);
	});

	it("says why a memory has its status: a logged transition, a pin, or nothing logged", async () => {
		const { engine, advance } = await startEngine();
		const fresh = engine.inspector.explain("Lonely.md").status;
		expect(fresh).toMatchObject({ status: "active", since: null, retentionCallsFor: "active" });
		expect(fresh.why).toMatch(
			/^active: no status change logged since it was first indexed; live retention [\d.]+ ≥ dormant threshold 0.015 calls for active$/,
		);

		advance(120 * DAY);
		await engine.maintenance.runPass();
		advance(DAY);
		const report = await engine.maintenance.runPass();
		expect(report.changes.map((change) => change.path)).toContain("Lonely.md");
		const faded = engine.inspector.explain("Lonely.md");
		expect(faded.status.status).toBe(engine.maintenance.statusOf("Lonely.md"));
		expect(faded.status.status).not.toBe("active");
		expect(faded.status.since).toBe(report.at);
		expect(faded.status.why).toContain(`${faded.status.status}: retention`);
		expect(faded.status.why).toContain("for 2 passes");
		expect(faded.history).toHaveLength(1);
		expect(faded.history[0]).toMatchObject({ kind: "transition", from: "active", to: faded.status.status });

		const pinned = engine.inspector.explain("Prefs.md").status;
		expect(pinned.status).toBe("core");
		expect(pinned.why).toMatch(/^core: pinned \(memory_pinned: true\); maintenance passes never move core memories;/);
	});

	it("refuses an unknown memory with a MemoryError naming the field", async () => {
		const { engine } = await startEngine();
		expect(() => engine.inspector.explain("Nope.md")).toThrow(MemoryError);
		expect(() => engine.inspector.explain("Nope.md")).toThrow(expect.objectContaining({ field: "path" }));
	});
});

describe("MemoryInspector.traverse", () => {
	const paths = (nodes: { path: string }[]) => nodes.map((node) => node.path).sort();
	const edgeKeys = (edges: { source: string; target: string; type: string }[]) =>
		edges.map((e) => `${e.source}>${e.target}:${e.type}`).sort();

	it("follows out-edges to the given depth and returns the induced subgraph's edges", async () => {
		const { engine } = await startEngine();
		const one = engine.inspector.traverse("T1.md", { depth: 1, direction: "out" });
		expect(paths(one.nodes)).toEqual(["T1.md", "T2.md", "T3.md"]);
		// T2 → T3 is not on the walk, but both ends are returned: it belongs to the induced subgraph.
		expect(edgeKeys(one.edges)).toEqual(["T1.md>T2.md:related_to", "T1.md>T3.md:related_to", "T2.md>T3.md:supports"]);
		expect(one.truncated).toBe(false);
		expect(one.nodes.find((node) => node.path === "T1.md")).toEqual({
			path: "T1.md",
			title: "T1",
			status: "active",
			depth: 0,
		});

		const two = engine.inspector.traverse("T1.md", { depth: 2, direction: "out" });
		expect(paths(two.nodes)).toEqual(["T1.md", "T2.md", "T3.md", "T4.md"]);
		expect(two.nodes.find((node) => node.path === "T4.md")?.depth).toBe(2);
	});

	it("walks against the edges with direction in, either way with both", async () => {
		const { engine } = await startEngine();
		expect(paths(engine.inspector.traverse("T3.md", { depth: 1, direction: "in" }).nodes)).toEqual([
			"T1.md",
			"T2.md",
			"T3.md",
		]);
		expect(paths(engine.inspector.traverse("T3.md", { depth: 1, direction: "out" }).nodes)).toEqual(["T3.md", "T4.md"]);
		expect(paths(engine.inspector.traverse("T3.md", { depth: 1 }).nodes)).toEqual(["T1.md", "T2.md", "T3.md", "T4.md"]);
		expect(paths(engine.inspector.traverse("C.md", { depth: 2, direction: "both" }).nodes)).toEqual([
			"A.md",
			"B.md",
			"C.md",
			"D.md",
			"E.md",
		]);
	});

	it("follows and reports only the chosen edge types", async () => {
		const { engine } = await startEngine();
		const related = engine.inspector.traverse("T1.md", { depth: 3, edgeTypes: ["related_to"] });
		expect(paths(related.nodes)).toEqual(["T1.md", "T2.md", "T3.md"]);
		expect(edgeKeys(related.edges)).toEqual(["T1.md>T2.md:related_to", "T1.md>T3.md:related_to"]);
		const contradicts = engine.inspector.traverse("T4.md", { depth: 3, edgeTypes: ["contradicts"] });
		expect(paths(contradicts.nodes)).toEqual(["T3.md", "T4.md"]);
	});

	it("stops at the node cap and says the result is truncated", async () => {
		const { engine } = await startEngine();
		const capped = engine.inspector.traverse("A.md", { depth: 10, maxNodes: 3 });
		expect(paths(capped.nodes)).toEqual(["A.md", "B.md", "C.md"]);
		expect(capped.truncated).toBe(true);
		expect(edgeKeys(capped.edges)).toEqual(["A.md>B.md:caused_by", "B.md>C.md:caused_by"]);
	});

	it("does not walk through notes it may not enter", async () => {
		const { engine } = await startEngine();
		const walled = engine.inspector.traverse("A.md", { depth: 10, include: (path) => path !== "C.md" });
		expect(paths(walled.nodes)).toEqual(["A.md", "B.md"]);
	});

	it("refuses a depth outside 1–10 and an unknown start", async () => {
		const { engine } = await startEngine();
		expect(() => engine.inspector.traverse("A.md", { depth: 11 })).toThrow(expect.objectContaining({ field: "depth" }));
		expect(() => engine.inspector.traverse("A.md", { depth: 0 })).toThrow(/from 1 to 10/);
		expect(() => engine.inspector.traverse("Missing.md")).toThrow(expect.objectContaining({ field: "path" }));
	});
});

describe("MemoryInspector.stats and listCore", () => {
	it("counts notes, edges by type, statuses, orphans, pins and warnings", async () => {
		const { engine } = await startEngine({ ...NOTES, "Broken.md": "---\nfoo: [unclosed\n---\nBody [[Nowhere]]" });
		const before = engine.inspector.stats();
		expect(before).toEqual({
			notes: 12,
			edges: 8,
			edgesByType: { caused_by: 4, supports: 1, derived_from: 0, related_to: 2, contradicts: 1, supersedes: 0 },
			// Pinned is not core until a pass promotes it.
			byStatus: { active: 12, dormant: 0, fading: 0, pruned: 0, core: 0 },
			orphans: 4,
			danglingLinks: 1,
			core: 0,
			pinned: 1,
			pendingEmbeddings: 0,
			lastMaintenanceAt: null,
			indexWarnings: 1,
			openProposals: 0,
		});
		const report = await engine.maintenance.runPass();
		const after = engine.inspector.stats();
		expect(after.lastMaintenanceAt).toBe(report.at);
		expect(after.byStatus.core).toBe(1);
	});

	it("lists core and pinned memories with their category and why, filtered by category case-insensitively", async () => {
		const { engine } = await startEngine({
			...NOTES,
			"Core by hand.md": "---\nmemory_status: core\nmemory_category: Fact\n---\nThe sky is blue.",
		});
		expect(engine.inspector.listCore()).toEqual([
			{
				path: "Core by hand.md",
				title: "Core by hand",
				category: "Fact",
				pinned: false,
				why: "memory_status: core in the note",
				since: null,
			},
			{
				path: "Prefs.md",
				title: "Prefs",
				category: "Preference",
				pinned: true,
				why: "pinned (memory_pinned: true)",
				since: null,
			},
		]);
		expect(engine.inspector.listCore("preference").map((core) => core.path)).toEqual(["Prefs.md"]);
		expect(engine.inspector.listCore("Other")).toEqual([]);
	});
});
