import { afterEach, describe, expect, it } from "vitest";
import { readMemorySettings } from "../../../src/core/model/settings";
import { pairKey } from "../../../src/core/review/relationship-proposals";
import { DAY_MS } from "../../../src/core/scoring/time";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import { MemoryStorage } from "../../fakes/memory-storage";
import { inMemoryEngine } from "../../helpers/in-memory-engine";
import { MemoryVault } from "../../helpers/memory-vault";

const NOW = Date.UTC(2026, 0, 1);
// Exponential decay, half-life 10 days: an unused orphan turns fading 27.37 days after its last
// use (tests/core/review/at-risk.test.ts), so one used 17.37 days ago does in 10 days.
const CROSSING_DAYS = 10 * Math.log2(0.05 / 0.0075);
const { settings } = readMemorySettings({
	scoring: { relevance: { decayModel: "exponential", halfLifeDays: 10 } },
});

const engines: MemoryEngine[] = [];

/** A vault whose notes were last written `age` days before NOW. */
function vaultOf(notes: Record<string, { text: string; age: number }>): MemoryVault {
	const vault = new MemoryVault();
	for (const [path, { text, age }] of Object.entries(notes)) {
		vault.now = NOW - age * DAY_MS;
		vault.write(path, text);
	}
	vault.now = NOW;
	return vault;
}

async function started(vault: MemoryVault, storage = new MemoryStorage()): Promise<MemoryEngine> {
	const engine = inMemoryEngine(vault, { storage, clock: () => NOW, settings: () => settings });
	engines.push(engine);
	await engine.start({ follow: true });
	return engine;
}

afterEach(async () => {
	for (const engine of engines.splice(0)) await engine.stop();
});

describe("the at-risk queue", () => {
	const notes = {
		"Soon.md": { text: "Parking is on level 3.", age: CROSSING_DAYS - 10 },
		"Later.md": { text: "The printer is on floor 2.", age: CROSSING_DAYS - 20 },
		"Pinned.md": { text: "---\nmemory_pinned: true\n---\nThe door code.", age: CROSSING_DAYS - 10 },
	};

	it("holds a memory 10 days from fading and not one 20 days from it, nor a pinned one", async () => {
		const engine = await started(vaultOf(notes));
		const atRisk = engine.review.queues().atRisk;
		expect(atRisk.map((item) => item.path)).toEqual(["Soon.md"]);
		expect(atRisk[0]?.days).toBeCloseTo(10, 1);
		expect(atRisk[0]?.status).toBe("active");
	});

	it("keep records a use like a recall, and the memory leaves the queue", async () => {
		const engine = await started(vaultOf(notes));
		expect(engine.activity.get("Soon.md")?.recalls.count ?? 0).toBe(0);
		await engine.review.keep("Soon.md");
		expect(engine.activity.get("Soon.md")?.recalls).toMatchObject({ count: 1, recent: [NOW] });
		expect(engine.review.queues().atRisk).toEqual([]);
	});

	it("pin pins the note, and it leaves the queue", async () => {
		const vault = vaultOf(notes);
		const engine = await started(vault);
		const result = await engine.review.pin("Soon.md");
		expect(result).toMatchObject({ pinned: true, status: "core" });
		expect(vault.content("Soon.md")).toContain("memory_pinned: true");
		expect(engine.review.queues().atRisk).toEqual([]);
	});

	it("let go hides the memory, also after a restart, and changes nothing else", async () => {
		const vault = vaultOf(notes);
		const storage = new MemoryStorage();
		const engine = await started(vault, storage);
		const before = vault.content("Soon.md");
		await engine.review.letGo("Soon.md");
		expect(engine.review.queues().atRisk).toEqual([]);
		expect(vault.content("Soon.md")).toBe(before);
		expect(engine.activity.get("Soon.md")?.recalls.count ?? 0).toBe(0);
		await engine.stop();
		const again = await started(vault, storage);
		expect(again.review.queues().atRisk).toEqual([]);
	});
});

describe("the beliefs-in-question queue", () => {
	const notes = {
		"Plan.md": { text: '---\ncaused_by: "[[Budget]]"\n---\nThe plan rests on the budget.', age: 5 },
		"Budget.md": { text: "The budget is 50k.", age: 6 },
		"Budget v2.md": { text: '---\nsupersedes: "[[Budget]]"\n---\nThe budget is 80k.', age: 1 },
	};

	it("holds a belief whose evidence was superseded, with the newer memory to supersede it by", async () => {
		const engine = await started(vaultOf(notes));
		const [belief, ...rest] = engine.review.queues().beliefs;
		expect(rest).toEqual([]);
		expect(belief).toMatchObject({
			path: "Plan.md",
			reasons: [{ kind: "evidence-superseded", evidence: "Budget.md", by: "Budget v2.md" }],
			newer: ["Budget v2.md"],
		});
	});

	it("still true hides it until the edge state changes, across a restart", async () => {
		const vault = vaultOf(notes);
		const storage = new MemoryStorage();
		const engine = await started(vault, storage);
		await engine.review.stillTrue("Plan.md");
		expect(engine.review.queues().beliefs).toEqual([]);
		await engine.stop();
		const again = await started(vault, storage);
		expect(again.review.queues().beliefs).toEqual([]);
		vault.write("Audit.md", '---\ncontradicts: "[[Plan]]"\n---\nThe plan is wrong.');
		await again.maintenance.settled();
		const [belief] = again.review.queues().beliefs;
		expect(belief?.path).toBe("Plan.md");
		expect(belief?.reasons).toHaveLength(2);
	});

	it("supersede writes a supersedes link in the newer memory, which settles the belief", async () => {
		const vault = vaultOf(notes);
		const engine = await started(vault);
		const result = await engine.review.supersede("Plan.md", "Budget v2.md");
		expect(result).toMatchObject({ source: "Budget v2.md", target: "Plan.md", type: "supersedes", created: true });
		expect(vault.content("Budget v2.md")).toMatch(/supersedes:\n\s+- "\[\[Budget\]\]"\n\s+- "\[\[Plan\]\]"/);
		expect(engine.review.queues().beliefs).toEqual([]);
	});
});

describe("relationship proposals", () => {
	const filler = Object.fromEntries(
		Array.from({ length: 8 }, (_, i) => [`Misc ${i}.md`, { text: `A weekly deploy meeting, number ${i}.`, age: 1 }]),
	);
	const notes = {
		...filler,
		"Work/Bridge survey.md": { text: "The Kestrel Bridge survey found rust on the north pylons.", age: 3 },
		"Home/Walk.md": { text: "Walked over the Kestrel Bridge with Ana; the river was high.", age: 1 },
	};
	const key = pairKey("Work/Bridge survey.md", "Home/Walk.md");

	it("proposes a rare shared name across communities and not a common cue", async () => {
		const engine = await started(vaultOf(notes));
		const proposals = engine.review.queues().relationships;
		expect(proposals.map((p) => [p.source, p.target, p.type])).toEqual([
			["Home/Walk.md", "Work/Bridge survey.md", "related_to"],
		]);
		expect(proposals[0]?.cues).toContain("kestrel bridg");
	});

	it("accept writes the link in the newer memory", async () => {
		const vault = vaultOf(notes);
		const engine = await started(vault);
		await engine.review.acceptRelationship("Work/Bridge survey.md", "Home/Walk.md");
		expect(vault.content("Home/Walk.md")).toMatch(/related_to:\n\s+- "\[\[Bridge survey\]\]"/);
		expect(engine.review.queues().relationships).toEqual([]);
	});

	it("a declined pair never comes back, also after a restart", async () => {
		const vault = vaultOf(notes);
		const storage = new MemoryStorage();
		const engine = await started(vault, storage);
		expect(engine.review.queues().relationships.map((p) => p.key)).toEqual([key]);
		await engine.review.declineRelationship("Home/Walk.md", "Work/Bridge survey.md");
		expect(engine.review.queues().relationships).toEqual([]);
		await engine.stop();
		const again = await started(vault, storage);
		await again.rebuild();
		expect(again.review.queues().relationships).toEqual([]);
	});

	it("a declined pair follows a rename", async () => {
		const vault = vaultOf(notes);
		const engine = await started(vault);
		await engine.review.declineRelationship("Home/Walk.md", "Work/Bridge survey.md");
		vault.rename("Home/Walk.md", "Home/River walk.md");
		await engine.maintenance.settled();
		expect(engine.review.queues().relationships).toEqual([]);
	});
});
