import { describe, expect, it } from "vitest";
import { SnippetStore } from "../../../src/engine/recall/snippet-store";

describe("SnippetStore", () => {
	it("gives back every snippet as it was set, a cut one with its ellipsis", () => {
		const store = new SnippetStore();
		store.set("a.md", "The whole of a short memory.");
		store.set("b.md", "The start of a long memory, cut at the end…");
		expect(store.get("a.md")).toBe("The whole of a short memory.");
		expect(store.get("b.md")).toBe("The start of a long memory, cut at the end…");
		expect(store.get("c.md")).toBeUndefined();
	});

	it("replaces, renames and deletes, whether the snippet was cut or whole", () => {
		const store = new SnippetStore();
		store.set("a.md", "Cut…");
		store.set("a.md", "Whole now.");
		expect(store.get("a.md")).toBe("Whole now.");
		store.set("b.md", "Cut again…");
		store.rename("b.md", "moved/b.md");
		expect(store.get("b.md")).toBeUndefined();
		expect(store.get("moved/b.md")).toBe("Cut again…");
		store.delete("moved/b.md");
		store.delete("a.md");
		expect(store.get("moved/b.md")).toBeUndefined();
		expect(store.get("a.md")).toBeUndefined();
	});
});
