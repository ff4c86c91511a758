import { afterEach, describe, expect, it } from "vitest";
import { vaultOverview } from "../../../src/engine/inspector/vault-overview";
import { overviewEngine, stopOverviewEngines } from "./overview-harness";

afterEach(stopOverviewEngines);

const DECISIONS = {
	"Memory/Ship on Fridays.md": "---\nmemory_category: decision\n---\nWe ship on Fridays.",
	"Memory/Use Postgres.md": "---\nmemory_category: decision\n---\nWe use Postgres.",
	"Notes/Plain.md": "Nothing special.",
};

describe("vaultOverview", () => {
	it("counts statuses, lists core memories and the agent's memories newest first, before any pass", async () => {
		const { engine } = await overviewEngine({
			notes: { ...DECISIONS, "Prefs.md": "---\nmemory_pinned: true\n---\nTabs." },
			stored: { "Memory/First.md": "one", "Memory/Second.md": "two" },
		});
		const overview = vaultOverview(engine);
		expect(overview.notes).toBe(6);
		// A pinned note counts as core from the first pass on; the core list names it already.
		expect(overview.byStatus).toEqual({ active: 6, dormant: 0, fading: 0, pruned: 0, core: 0 });
		expect(overview.core.map((memory) => [memory.path, memory.why])).toEqual([
			["Prefs.md", "pinned (memory_pinned: true)"],
		]);
		expect(overview.recentlyStored.map((memory) => memory.path)).toEqual(["Memory/Second.md", "Memory/First.md"]);
		expect(overview.lastPass).toBeNull();
		expect(overview.lastPassAt).toBeNull();
		expect(overview.proposals).toEqual([]);
		expect(vaultOverview(engine, { stored: 1 }).recentlyStored.map((memory) => memory.path)).toEqual([
			"Memory/Second.md",
		]);
	});

	it("shows the last pass and its proposals; an accepted proposal is a core change that can be undone once", async () => {
		const { engine, vault } = await overviewEngine({
			notes: DECISIONS,
			settings: { scoring: { core: { approvalCategories: ["decision"] } } },
		});
		await engine.maintenance.runPass();
		const afterPass = vaultOverview(engine);
		expect(afterPass.proposals.map((proposal) => proposal.path)).toEqual([
			"Memory/Ship on Fridays.md",
			"Memory/Use Postgres.md",
		]);
		expect(afterPass.lastPass).toMatchObject({ notes: 3, proposals: 2, transitions: [], failedWrites: 0 });
		expect(afterPass.lastPass?.totalMs).toBeGreaterThanOrEqual(0);
		expect(afterPass.lastPassAt).toBe(afterPass.lastPass?.at);

		await engine.maintenance.resolveProposal("Memory/Use Postgres.md", true);
		await engine.index.idle();
		const accepted = vaultOverview(engine);
		expect(accepted.byStatus.core).toBe(1);
		expect(accepted.proposals.map((proposal) => proposal.path)).toEqual(["Memory/Ship on Fridays.md"]);
		const [change] = accepted.recentChanges;
		expect(change).toMatchObject({
			path: "Memory/Use Postgres.md",
			what: "active → core",
			reason: "core proposal accepted",
			undoProblem: null,
		});
		expect(vault.content("Memory/Use Postgres.md")).toContain("memory_status: core");

		await engine.maintenance.undo(change?.seq ?? -1);
		await engine.index.idle();
		const undone = vaultOverview(engine);
		expect(undone.byStatus.core).toBe(0);
		expect(undone.recentChanges[0]?.undoProblem).toBe(`History entry ${change?.seq} was already undone.`);
		expect(vault.content("Memory/Use Postgres.md")).not.toContain("memory_status");
	});

	it("a declined proposal is not made again by later passes", async () => {
		const { engine, advance } = await overviewEngine({
			notes: DECISIONS,
			settings: { scoring: { core: { approvalCategories: ["decision"] } } },
		});
		await engine.maintenance.runPass();
		await engine.maintenance.resolveProposal("Memory/Ship on Fridays.md", false);
		advance(60_000);
		const report = await engine.maintenance.runPass();
		expect(report.proposals).toEqual([]);
		expect(vaultOverview(engine).proposals.map((proposal) => proposal.path)).toEqual(["Memory/Use Postgres.md"]);
		expect(engine.maintenance.statusOf("Memory/Ship on Fridays.md")).toBe("active");
	});
});
