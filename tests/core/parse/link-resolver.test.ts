import { describe, expect, it } from "vitest";
import { basenameKey, isAttachmentLink, LinkResolver, splitLinkpath } from "../../../src/core/parse/link-resolver";

function vault(...paths: string[]): LinkResolver {
	const resolver = new LinkResolver();
	for (const path of paths) resolver.add(path);
	return resolver;
}

describe("splitLinkpath", () => {
	it("splits at the first # and keeps it on the subpath", () => {
		expect(splitLinkpath("Note#Heading#Sub")).toEqual({ path: "Note", subpath: "#Heading#Sub" });
		expect(splitLinkpath("Note#^block")).toEqual({ path: "Note", subpath: "#^block" });
		expect(splitLinkpath("#Heading")).toEqual({ path: "", subpath: "#Heading" });
		expect(splitLinkpath("folder/Note")).toEqual({ path: "folder/Note", subpath: "" });
	});
});

describe("basenameKey", () => {
	it("is the lower-cased file name without folders, subpath and .md", () => {
		expect(basenameKey("Projects/Plan.md")).toBe("plan");
		expect(basenameKey("projects/PLAN#Goals")).toBe("plan");
		expect(basenameKey("Plan.MD")).toBe("plan");
		expect(basenameKey("Figure 1.png")).toBe("figure 1.png");
	});

	it("folds Unicode normalisation forms together", () => {
		expect(basenameKey("Cafe\u0301.md")).toBe(basenameKey("Café"));
	});
});

describe("isAttachmentLink", () => {
	it("recognises non-note file types but not dotted note names", () => {
		for (const link of ["a.png", "Doc.PDF#page=3", "board.canvas", "view.base", "folder/clip.mp4"]) {
			expect(isAttachmentLink(link), link).toBe(true);
		}
		for (const link of ["Note", "Note.md", "Node.js", "Dr. Smith", "v1.2", "drawing.excalidraw", ".hidden", "#h"]) {
			expect(isAttachmentLink(link), link).toBe(false);
		}
	});
});

describe("LinkResolver", () => {
	it("resolves the exact vault path first, with or without .md, ignoring case", () => {
		const resolver = vault("Note.md", "a/Note.md", "Projects/Plan.md");
		expect(resolver.resolve("Projects/Plan", "x.md")).toBe("Projects/Plan.md");
		expect(resolver.resolve("projects/plan.MD", "x.md")).toBe("Projects/Plan.md");
		expect(resolver.resolve("Note", "a/source.md")).toBe("Note.md");
		expect(resolver.resolve("/a/Note", "b/source.md")).toBe("a/Note.md");
	});

	it("resolves [[#heading]] to the source note and ignores subpaths", () => {
		const resolver = vault("Plan.md", "src.md");
		expect(resolver.resolve("#Goals", "src.md")).toBe("src.md");
		expect(resolver.resolve("Plan#Goals", "src.md")).toBe("Plan.md");
		expect(resolver.resolve("Plan#^block", "src.md")).toBe("Plan.md");
	});

	it("resolves ./ and ../ against the source folder only", () => {
		const resolver = vault("a/y.md", "y.md", "a/b/z.md");
		expect(resolver.resolve("../y", "a/b/src.md")).toBe("a/y.md");
		expect(resolver.resolve("./z", "a/b/src.md")).toBe("a/b/z.md");
		expect(resolver.resolve("../../y", "a/b/src.md")).toBe("y.md");
		expect(resolver.resolve("../../../y", "a/b/src.md")).toBeNull();
		expect(resolver.resolve("./y", "a/b/src.md")).toBeNull();
	});

	it("resolves a folder path relative to the source before matching path suffixes", () => {
		const resolver = vault("x/sub/n.md", "long/folder/sub/n.md");
		expect(resolver.resolve("sub/n", "long/folder/src.md")).toBe("long/folder/sub/n.md");
		expect(resolver.resolve("sub/n", "other/src.md")).toBe("x/sub/n.md");
		expect(resolver.resolve("folder/sub/n", "other/src.md")).toBe("long/folder/sub/n.md");
		expect(resolver.resolve("nope/n", "other/src.md")).toBeNull();
	});

	it("breaks name ties by the source's own folder, then the shortest path, then code-point order", () => {
		const resolver = vault("zzzz/Note.md", "a/b/Note.md", "a/Note.md", "b/Note.md");
		expect(resolver.resolve("Note", "zzzz/src.md")).toBe("zzzz/Note.md");
		expect(resolver.resolve("Note", "a/b/src.md")).toBe("a/b/Note.md");
		expect(resolver.resolve("Note", "a/b/c/src.md")).toBe("a/Note.md");
		expect(resolver.resolve("Note", "src.md")).toBe("a/Note.md");
		const shortest = vault("zzzz/Note.md", "a/b/Note.md");
		expect(shortest.resolve("Note", "src.md")).toBe("a/b/Note.md");
	});

	it("gives the same answer whatever order notes were added in", () => {
		const paths = ["q/Note.md", "p/Note.md", "r/s/Note.md"];
		expect(vault(...paths).resolve("note", "src.md")).toBe("p/Note.md");
		expect(vault(...[...paths].reverse()).resolve("note", "src.md")).toBe("p/Note.md");
	});

	it("follows additions and removals", () => {
		const resolver = vault("a/Note.md");
		expect(resolver.resolve("Note", "src.md")).toBe("a/Note.md");
		resolver.add("Note.md");
		expect(resolver.resolve("Note", "a/src.md")).toBe("Note.md");
		resolver.remove("Note.md");
		expect(resolver.has("Note.md")).toBe(false);
		expect(resolver.resolve("Note", "src.md")).toBe("a/Note.md");
		resolver.remove("a/Note.md");
		expect(resolver.resolve("Note", "src.md")).toBeNull();
	});

	it("does not index attachments and leaves attachment links unresolved", () => {
		const resolver = vault("img.png", "Node.js.md", "drawing.excalidraw.md");
		expect(resolver.has("img.png")).toBe(false);
		expect(resolver.resolve("img.png", "src.md")).toBeNull();
		expect(resolver.resolve("Node.js", "src.md")).toBe("Node.js.md");
		expect(resolver.resolve("drawing.excalidraw", "src.md")).toBe("drawing.excalidraw.md");
	});

	it("handles emoji, CJK, spaces and both Unicode forms in names", () => {
		const resolver = vault("日記/2024 年 🎉.md", "Cafe\u0301.md");
		expect(resolver.resolve("2024 年 🎉", "src.md")).toBe("日記/2024 年 🎉.md");
		expect(resolver.resolve(" 2024 年 🎉 ", "src.md")).toBe("日記/2024 年 🎉.md");
		expect(resolver.resolve("Café", "src.md")).toBe("Cafe\u0301.md");
	});

	it("prefers the exact spelling when a case-sensitive vault has two spellings", () => {
		const resolver = vault("Note.md", "note.md");
		expect(resolver.resolve("note", "src.md")).toBe("note.md");
		expect(resolver.resolve("Note", "src.md")).toBe("Note.md");
		resolver.remove("note.md");
		expect(resolver.resolve("note", "src.md")).toBe("Note.md");
	});

	it("does not let a note whose name contains # answer for the part before it", () => {
		const resolver = vault("C# notes.md");
		expect(resolver.resolve("C", "src.md")).toBeNull();
		expect(resolver.has("C# notes.md")).toBe(true);
	});

	it("resolves among 100k notes that share few names", () => {
		const resolver = new LinkResolver();
		for (let i = 0; i < 100_000; i++) resolver.add(`f${i % 100}/Note ${i % 1000}.md`);
		expect(resolver.resolve("Note 7", "f7/src.md")).toBe("f7/Note 7.md");
		expect(resolver.resolve("f3/Note 3", "x.md")).toBe("f3/Note 3.md");
	});
});
