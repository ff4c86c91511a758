import { describe, expect, it } from "vitest";
import { ActivityRecordError, parseActivityEvent } from "../../../src/core/activity/records";

function fieldOf(input: unknown): string {
	try {
		parseActivityEvent(input);
	} catch (error) {
		if (error instanceof ActivityRecordError) return error.field;
		throw error;
	}
	throw new Error("expected the record to be rejected");
}

describe("parseActivityEvent", () => {
	it("accepts every kind of record", () => {
		const valid = [
			{ kind: "recall", path: "Projects/Plan.md", at: 1 },
			{ kind: "open", path: "a.md", at: 2 },
			{ kind: "edit", path: "a.md", at: 3 },
			{ kind: "link", path: "a.md", at: 4 },
			{ kind: "delete", path: "a.md", at: 5 },
			{ kind: "rename", from: "a.md", to: "b/a.md", at: 6 },
			{ kind: "transition", path: "a.md", from: "active", to: "dormant", at: 7, reason: "retention 0.2" },
			{ kind: "prune", path: "a.md", action: "archive", destination: "Archive/a.md", at: 8 },
			{ kind: "prune", path: "a.md", action: "mark", at: 9, reason: "orphan" },
			{ kind: "undo", ref: 7, at: 10 },
		];
		for (const event of valid) expect(parseActivityEvent(event)).toEqual(event);
	});

	it("names the offending field", () => {
		expect(fieldOf({ kind: "visit", path: "a.md", at: 1 })).toBe("kind");
		expect(fieldOf({ path: "a.md", at: 1 })).toBe("kind");
		expect(fieldOf({ kind: "recall", path: "a.txt", at: 1 })).toBe("path");
		expect(fieldOf({ kind: "recall", path: "/abs/a.md", at: 1 })).toBe("path");
		expect(fieldOf({ kind: "recall", path: "../a.md", at: 1 })).toBe("path");
		expect(fieldOf({ kind: "recall", path: "a.md", at: -1 })).toBe("at");
		expect(fieldOf({ kind: "recall", path: "a.md", at: 1.5 })).toBe("at");
		expect(fieldOf({ kind: "recall", path: "a.md" })).toBe("at");
		expect(fieldOf({ kind: "recall", path: "a.md", at: 1, weight: 2 })).toBe("weight");
		expect(fieldOf({ kind: "rename", from: "a.md", to: "a.md", at: 1 })).toBe("to");
		expect(fieldOf({ kind: "transition", path: "a.md", from: "active", to: "gone", at: 1, reason: "x" })).toBe("to");
		expect(fieldOf({ kind: "transition", path: "a.md", from: "active", to: "dormant", at: 1, reason: "" })).toBe(
			"reason",
		);
		expect(fieldOf({ kind: "prune", path: "a.md", action: "archive", at: 1 })).toBe("destination");
		expect(fieldOf({ kind: "prune", path: "a.md", action: "trash", destination: "x.md", at: 1 })).toBe("destination");
		expect(fieldOf({ kind: "undo", ref: 0, at: 1 })).toBe("ref");
		expect(fieldOf(null)).toBe("(record)");
	});

	it("says what is wrong in the message", () => {
		expect(() => parseActivityEvent({ kind: "recall", path: "a.txt", at: 1 })).toThrow(
			/field "path": must be a vault-relative path .* ending in "\.md"/,
		);
		expect(() => parseActivityEvent({ kind: "recall", path: "a.md", at: 1, weight: 2 })).toThrow(
			'field "weight": is not a field of this kind of record',
		);
	});
});
