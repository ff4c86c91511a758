import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FsVault } from "../../../src/node/fs/fs-vault";
import { refusal, startEngine, stopEngines, testSettings } from "./writer-harness";

let dir = "";

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "cm-writer-"));
	await mkdir(join(dir, "outside"));
	await writeFile(join(dir, "outside", "secret.md"), "outside the vault\n");
});

afterEach(async () => {
	await stopEngines();
	await rm(dir, { recursive: true, force: true });
});

async function vaultWith(notes: Record<string, string>) {
	const root = join(dir, "vault");
	for (const [path, content] of Object.entries(notes)) {
		await mkdir(dirname(join(root, path)), { recursive: true });
		await writeFile(join(root, path), content);
	}
	await mkdir(root, { recursive: true });
	const { engine } = await startEngine(new FsVault(root), testSettings(), { follow: false });
	return { engine, root, file: (path: string) => readFile(join(root, path), "utf8") };
}

describe("MemoryWriter over a folder on disk", () => {
	it("stores, links and deletes with the exact bytes on disk", async () => {
		const { engine, root, file } = await vaultWith({ "Projects/Plan.md": "# Plan\n\nShip in May.\n" });
		const stored = await engine.writer.store({
			content: "Ship in June instead.",
			title: "Ship date",
			relatedTo: ["Plan"],
		});
		expect(stored.nodeId).toBe("Memory/Ship date.md");
		expect(await file("Memory/Ship date.md")).toBe(
			'---\nmemory_source: mcp\nmemory_created: 2024-07-02T09:14:05.000Z\nrelated_to:\n  - "[[Plan]]"\n---\nShip in June instead.\n',
		);
		expect(engine.index.graph.outEdges(stored.nodeId).map((e) => e.target)).toEqual(["Projects/Plan.md"]);

		const second = await engine.writer.store({ content: "The launch party is on the roof.", title: "Party" });
		expect(await engine.writer.link(second.nodeId, "Ship date", "caused_by")).toMatchObject({ created: true });
		expect(await file("Memory/Party.md")).toBe(
			'---\nmemory_source: mcp\nmemory_created: 2024-07-02T09:14:05.000Z\ncaused_by:\n  - "[[Ship date]]"\n---\nThe launch party is on the roof.\n',
		);

		expect(await engine.writer.delete("Party")).toEqual({
			nodeId: "Memory/Party.md",
			deleted: true,
			trashedTo: "trash",
			orphaned: [],
			orphanedCount: 0,
			impact: "Removing this leaves no other memory without a supporting link.",
		});
		expect(await readdir(join(root, "Memory"))).toEqual(["Ship date.md"]);
		expect(await readFile(join(root, ".trash", "Memory", "Party.md"), "utf8")).toContain(
			"The launch party is on the roof.",
		);
		expect(engine.index.graph.hasNote("Memory/Party.md")).toBe(false);
		expect(await file("Projects/Plan.md")).toBe("# Plan\n\nShip in May.\n");
	});

	it("never follows a symbolic link out of the vault", async () => {
		const { engine, root } = await vaultWith({ "Memory/Fact.md": "---\nmemory_source: mcp\n---\nA fact.\n" });
		await symlink(join(dir, "outside", "secret.md"), join(root, "Memory", "Evil.md"));
		await engine.index.build();
		for (const call of [
			() => engine.writer.pin("Memory/Evil.md"),
			() => engine.writer.delete("Evil"),
			() => engine.writer.link("Evil", "Fact", "supports"),
			() => engine.writer.link("Fact", "Evil", "supports"),
			() => engine.writer.amend("Evil", "new text"),
			() => engine.writer.store({ content: "x", relatedTo: ["Memory/Evil.md"] }),
		]) {
			expect((await refusal(call)).message).toContain('No memory "');
		}
		expect(await readFile(join(dir, "outside", "secret.md"), "utf8")).toBe("outside the vault\n");
		expect(await readdir(join(root, "Memory"))).toEqual(["Evil.md", "Fact.md"]);
	});

	it("refuses to store when the memory folder is a link to a folder outside the vault", async () => {
		const { engine, root } = await vaultWith({ "Projects/Plan.md": "# Plan\n" });
		await symlink(join(dir, "outside"), join(root, "Memory"));
		const error = await refusal(() => engine.writer.store({ content: "A fact.", title: "Fact" }));
		expect(error.message).toContain("symbolic link to a place outside the vault");
		expect(error.message).not.toContain(dir);
		expect(await readdir(join(dir, "outside"))).toEqual(["secret.md"]);
	});
});
