import { describe, expect, it } from "vitest";
import { resolveMemoryId } from "../../../src/core/graph/memory-ids";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { MemoryVault } from "../../helpers/memory-vault";
import { refusal } from "../../helpers/refusal";

async function graphOf(paths: string[]) {
	const index = new VaultIndex(new MemoryVault(Object.fromEntries(paths.map((path) => [path, "text"]))));
	await index.build();
	return index.graph;
}

describe("resolveMemoryId", () => {
	it("accepts a vault path with or without .md and link texts, resolved like Obsidian", async () => {
		const graph = await graphOf([
			"Memory/Foo.md",
			"Projects/Plan.md",
			"Archive/Plan.md",
			"Plan.md",
			"Café.md",
			"Ops/Plan #2.md",
		]);
		expect(resolveMemoryId(graph, "Memory/Foo.md", "node_id")).toBe("Memory/Foo.md");
		expect(resolveMemoryId(graph, "Memory/Foo", "node_id")).toBe("Memory/Foo.md");
		expect(resolveMemoryId(graph, "Foo", "node_id")).toBe("Memory/Foo.md");
		expect(resolveMemoryId(graph, "foo", "node_id")).toBe("Memory/Foo.md");
		expect(resolveMemoryId(graph, "[[Foo]]", "node_id")).toBe("Memory/Foo.md");
		expect(resolveMemoryId(graph, "[[Foo|the foo note]]", "node_id")).toBe("Memory/Foo.md");
		expect(resolveMemoryId(graph, "[[Foo#Heading]]", "node_id")).toBe("Memory/Foo.md");
		expect(resolveMemoryId(graph, "  [[Foo]]  ", "node_id")).toBe("Memory/Foo.md");
		// Several notes named Plan: the exact path wins, then (from the vault root) the shortest path.
		expect(resolveMemoryId(graph, "Plan", "node_id")).toBe("Plan.md");
		expect(resolveMemoryId(graph, "Projects/Plan", "node_id")).toBe("Projects/Plan.md");
		expect(resolveMemoryId(graph, "[[Archive/Plan]]", "node_id")).toBe("Archive/Plan.md");
		expect(resolveMemoryId(graph, "Cafe\u0301", "node_id")).toBe("Café.md");
		// A name with "#" is reachable by its exact path (as a link it would mean a heading).
		expect(resolveMemoryId(graph, "Ops/Plan #2.md", "node_id")).toBe("Ops/Plan #2.md");
		expect(resolveMemoryId(graph, "Ops/Plan #2", "node_id")).toBe("Ops/Plan #2.md");
	});

	it.each([
		["../x", 'contains a ".." segment'],
		["Memory/../../x", 'contains a ".." segment'],
		["[[../secret]]", 'contains a ".." segment'],
		["/etc/passwd", "absolute path"],
		["C:/Windows/win.ini", "absolute path"],
		["Memory\\..\\x", 'contains "\\"'],
		["Memory/Foo\u0000.md", "control character"],
		["", "it is empty"],
		["   ", "it is empty"],
		["[[]]", "it is empty"],
		["x".repeat(2000), "longer than 1024"],
	])("refuses %j before any lookup", async (id, reason) => {
		const graph = await graphOf(["Memory/Foo.md", "x.md", "secret.md"]);
		const error = refusal(() => resolveMemoryId(graph, id, "related[2].id"));
		expect(error.message).toContain(reason);
		expect(error.message).toMatch(/^related\[2\]\.id /);
		expect(error.field).toBe("related[2].id");
		expect(error.retryable).toBe(false);
	});

	it.each([[42], [null], [undefined], [{ path: "Memory/Foo.md" }], [["Memory/Foo.md"]]])(
		"refuses the non-string %j",
		async (id) => {
			const graph = await graphOf(["Memory/Foo.md"]);
			const error = refusal(() => resolveMemoryId(graph, id, "node_id"));
			expect(error.message).toMatch(
				/^node_id must be a string: a path like Memory\/Foo\.md or a link text \(got \w+\)\.$/,
			);
		},
	);

	it("refuses an unknown note, an attachment and a dangling link with the same advice", async () => {
		const graph = await graphOf(["Memory/Foo.md"]);
		for (const id of ["Bar", "Memory/Bar.md", "image.png", "[[Nowhere]]"]) {
			const error = refusal(() => resolveMemoryId(graph, id, "node_id"));
			expect(error.message).toBe(
				`No memory ${JSON.stringify(id)} (field node_id); use a path like Memory/Foo.md or a link text.`,
			);
		}
	});

	it("shortens a long id in the message", async () => {
		const graph = await graphOf(["Memory/Foo.md"]);
		const error = refusal(() => resolveMemoryId(graph, "y".repeat(500), "node_id"));
		expect(error.message.length).toBeLessThan(200);
		expect(error.message).toContain("…");
	});
});
