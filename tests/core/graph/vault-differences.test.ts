import { describe, expect, it } from "vitest";
import { vaultDifferences } from "../../../src/core/graph/vault-differences";

const file = (path: string, mtime: number, size: number) => ({ path, mtime, size, ctime: 0 });

describe("vaultDifferences", () => {
	it("finds new, changed, vanished and moved notes", () => {
		const indexed = [
			{ path: "Same.md", mtime: 1, size: 10 },
			{ path: "Edited.md", mtime: 1, size: 10 },
			{ path: "Resized.md", mtime: 1, size: 10 },
			{ path: "Gone.md", mtime: 1, size: 10 },
			{ path: "Old name.md", mtime: 7, size: 70 },
		];
		const listed = [
			file("Same.md", 1, 10),
			file("Edited.md", 2, 10),
			file("Resized.md", 1, 11),
			file("New.md", 3, 30),
			file("Folder/New name.md", 7, 70),
		];
		expect(vaultDifferences(indexed, listed)).toEqual({
			renamed: [{ oldPath: "Old name.md", path: "Folder/New name.md" }],
			changed: ["Edited.md", "Resized.md", "New.md"],
			removed: ["Gone.md"],
		});
	});

	it("takes no guess when several vanished or new notes share a size and mtime", () => {
		const indexed = [
			{ path: "A.md", mtime: 5, size: 5 },
			{ path: "B.md", mtime: 5, size: 5 },
		];
		expect(vaultDifferences(indexed, [file("X.md", 5, 5)])).toEqual({
			renamed: [],
			changed: ["X.md"],
			removed: ["A.md", "B.md"],
		});
		expect(vaultDifferences([indexed[0]], [file("X.md", 5, 5), file("Y.md", 5, 5)])).toEqual({
			renamed: [],
			changed: ["X.md", "Y.md"],
			removed: ["A.md"],
		});
	});
});
