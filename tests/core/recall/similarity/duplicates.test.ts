import { describe, expect, it } from "vitest";
import {
	duplicateHash,
	findDuplicate,
	NEAR_DUPLICATE_OVERLAP,
} from "../../../../src/core/recall/similarity/duplicates";

const LONG =
	"The nightly billing export job exhausts the Postgres connection pool when the invoice batch runs late on Mondays.";

describe("findDuplicate", () => {
	it("finds the same words whatever the case, punctuation, spacing and markup", () => {
		const existing = [
			{ id: "a.md", text: "Something else entirely." },
			{ id: "b.md", text: "**We deploy** on  Tuesdays, after the [[Standup|stand-up]]." },
		];
		expect(findDuplicate("we deploy on tuesdays after the stand-up", existing)).toEqual({
			id: "b.md",
			kind: "exact",
			overlap: 1,
		});
		expect(duplicateHash("we deploy on tuesdays after the stand-up")).toBe(duplicateHash(existing[1].text));
		expect(duplicateHash("we deploy on wednesdays after the stand-up")).not.toBe(duplicateHash(existing[1].text));
	});

	it("finds a near duplicate: one word changed or added in a long sentence", () => {
		const existing = [{ id: "billing.md", text: LONG }];
		const changed = findDuplicate(LONG.replace("late", "slowly"), existing);
		expect(changed).toMatchObject({ id: "billing.md", kind: "near" });
		expect(changed?.overlap).toBeGreaterThanOrEqual(NEAR_DUPLICATE_OVERLAP);
		expect(findDuplicate(`${LONG} Again.`, existing)).toMatchObject({ id: "billing.md", kind: "near" });
	});

	it("is not fooled by a changed number, a negation or a rephrased short sentence", () => {
		expect(
			findDuplicate(LONG.replace("Mondays", "Mondays at 3"), [
				{ id: "x.md", text: LONG.replace("Mondays", "Mondays at 2") },
			]),
		).toBeNull();
		expect(
			findDuplicate("The launch budget is $80,000.", [{ id: "x.md", text: "The launch budget is $50,000." }]),
		).toBeNull();
		expect(findDuplicate(LONG.replace("exhausts", "never exhausts"), [{ id: "x.md", text: LONG }])).toBeNull();
		expect(findDuplicate("Our budget is $50,000.", [{ id: "x.md", text: "The budget is $50,000." }])).toBeNull();
		expect(findDuplicate("!!!", [{ id: "x.md", text: "???" }])).toBeNull();
	});

	it("prefers an exact duplicate to a nearer-listed near one", () => {
		const existing = [
			{ id: "near.md", text: `${LONG} Again.` },
			{ id: "exact.md", text: LONG },
		];
		expect(findDuplicate(LONG, existing)?.id).toBe("exact.md");
	});
});
