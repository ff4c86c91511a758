import { afterEach, describe, expect, it } from "vitest";
import { stopEngines, writerHarness } from "../writer/writer-harness";

afterEach(stopEngines);

const UNRELATED = {
	"Garden.md": "Tomatoes need more water in July.",
	"Lunch.md": "Noodles on Tuesday at the corner place.",
};

async function budgets() {
	const h = await writerHarness(UNRELATED);
	const old = await h.engine.writer.store({ content: "The launch budget is $50,000.", title: "Launch budget" });
	const fresh = await h.engine.writer.store({
		content: "The launch budget is $80,000 after the review.",
		title: "Launch budget revised",
	});
	expect(fresh.possibleConflicts.map((conflict) => conflict.id)).toEqual([old.nodeId]);
	const conflictsOf = async () => {
		const recalled = await h.engine.recall("launch budget", { readOnly: true });
		return Object.fromEntries(recalled.results.map((hit) => [hit.path, hit.conflicts?.map((conflict) => conflict.id)]));
	};
	return { h, old: old.nodeId, fresh: fresh.nodeId, conflictsOf };
}

describe("conflicts found at store stay on recall until settled", () => {
	it("flags both budgets with each other's id, until one supersedes the other", async () => {
		const { h, old, fresh, conflictsOf } = await budgets();
		expect(await conflictsOf()).toEqual({ [old]: [fresh], [fresh]: [old] });
		const recalled = await h.engine.recall("launch budget", { readOnly: true });
		expect(recalled.results.find((hit) => hit.path === old)?.conflicts?.[0]).toEqual({
			id: fresh,
			kind: "numeric_mismatch",
			detail: "budget ($): recalled $50,000, other $80,000",
		});

		await h.engine.writer.link(fresh, old, "supersedes");
		expect(await conflictsOf()).toEqual({ [old]: undefined, [fresh]: undefined });
	});

	it("is settled by a contradicts link too, in either direction", async () => {
		const { h, old, fresh, conflictsOf } = await budgets();
		expect(await conflictsOf()).toEqual({ [old]: [fresh], [fresh]: [old] });
		await h.engine.writer.link(old, fresh, "contradicts");
		expect(await conflictsOf()).toEqual({ [old]: undefined, [fresh]: undefined });
	});

	it("is settled by amending the outdated memory", async () => {
		const { h, old, fresh, conflictsOf } = await budgets();
		expect(await conflictsOf()).toEqual({ [old]: [fresh], [fresh]: [old] });
		const amended = await h.engine.writer.amend(old, "The launch budget was raised to $80,000 after the review.");
		const after = await conflictsOf();
		expect(after[old]).toBeUndefined();
		expect(after[fresh]).toBeUndefined();
		expect(after[amended.nodeId]).toBeUndefined();
	});
});
