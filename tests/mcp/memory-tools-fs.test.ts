import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseNote } from "../../src/core/parse/parse-note";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { FsVault } from "../../src/node/fs/fs-vault";
import { body, connectHarness, type Harness } from "./memory-tools-harness";

const NOTES: Record<string, string> = {
	"Projects/Release 4.2.md": "Shipped the new payment form on Friday.",
	"Projects/Checkout outage.md": "Checkout was down for an hour after the release.",
	"Garden.md": "Tomatoes need more water in July.",
};

let root = "";
let vaultDir = "";
let harness: Harness | null = null;

const onDisk = (path: string) => readFile(join(vaultDir, path), "utf8");
const frontmatterOf = async (path: string) => parseNote(await onDisk(path)).frontmatter ?? {};

async function filesUnder(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
		.sort();
}

beforeEach(async () => {
	root = await mkdtemp(join(tmpdir(), "cm-mcp-tools-"));
	vaultDir = join(root, "vault");
	for (const [path, content] of Object.entries(NOTES)) {
		await mkdir(dirname(join(vaultDir, path)), { recursive: true });
		await writeFile(join(vaultDir, path), content);
	}
	harness = await connectHarness(new FsVault(vaultDir), new FsStorage(join(root, "state"), { sync: false }), {
		follow: false,
		clock: () => Date.now(),
	});
});

afterEach(async () => {
	await harness?.close();
	harness = null;
	await rm(root, { recursive: true, force: true });
});

describe("memory tools over a real vault folder", () => {
	it("store, link, amend and delete leave the expected notes on disk", async () => {
		const call = (harness as Harness).call;
		const stored = await call("memory_store", {
			content: "Deploys are frozen during the payment migration.",
			title: "Deploy freeze",
			category: "decision",
			related: [{ id: "Checkout outage", type: "caused_by" }],
		});
		expect(stored.structuredContent).toMatchObject({ node_id: "Memory/Deploy freeze.md", status: "stored" });
		const created = await onDisk("Memory/Deploy freeze.md");
		expect(created).toContain("Deploys are frozen during the payment migration.");
		expect(parseNote(created).frontmatter).toMatchObject({
			memory_source: "mcp",
			memory_category: "decision",
			caused_by: ["[[Checkout outage]]"],
		});

		const linked = await call("memory_link", {
			source: "Deploy freeze",
			target: "Projects/Release 4.2.md",
			type: "supports",
		});
		expect(linked.structuredContent).toMatchObject({ created: true });
		expect(await frontmatterOf("Memory/Deploy freeze.md")).toMatchObject({
			caused_by: ["[[Checkout outage]]"],
			supports: ["[[Release 4.2]]"],
		});

		const amended = await call("memory_amend", {
			node_id: "Memory/Deploy freeze.md",
			content: "Deploys are frozen until the migration is verified.",
			reason: "verification added",
		});
		const newPath = (amended.structuredContent as { node_id: string }).node_id;
		// Issue 29: a new version, not "Deploy freeze 2.md", and the old note's own typed links carried over.
		expect(newPath).toBe("Memory/Deploy freeze (v2).md");
		expect(await frontmatterOf(newPath)).toMatchObject({
			memory_source: "mcp",
			memory_category: "decision",
			memory_amend_reason: "verification added",
			caused_by: ["[[Checkout outage]]"],
			supports: ["[[Release 4.2]]"],
			supersedes: ["[[Deploy freeze]]"],
		});
		expect(await onDisk("Memory/Deploy freeze.md")).toContain("Deploys are frozen during the payment migration.");
		const again = await call("memory_amend", { node_id: newPath, content: "Deploys resume on Monday." });
		expect(again.structuredContent).toMatchObject({ node_id: "Memory/Deploy freeze (v3).md", supersedes: newPath });
		expect(await frontmatterOf("Memory/Deploy freeze (v3).md")).toMatchObject({
			caused_by: ["[[Checkout outage]]"],
			supports: ["[[Release 4.2]]"],
			supersedes: ["[[Deploy freeze (v2)]]"],
		});
		expect(await onDisk(newPath)).toContain("Deploys are frozen until the migration is verified.");

		const deleted = await call("delete_memory", { node_id: newPath });
		expect(deleted.structuredContent).toEqual({
			node_id: newPath,
			deleted: true,
			trashed_to: "trash",
			orphaned: [],
			orphaned_count: 0,
			impact: "Removing this leaves no other memory without a supporting link.",
		});
		const files = await filesUnder(vaultDir);
		expect(files).not.toContain(newPath);
		expect(files.some((file) => file.startsWith(".trash"))).toBe(true);

		const refused = await call("delete_memory", { node_id: "Garden" });
		expect(body(refused)).toMatchObject({ retryable: false, field: "node_id" });
		expect(await onDisk("Garden.md")).toBe(NOTES["Garden.md"]);
		expect(await onDisk("Projects/Release 4.2.md")).toBe(NOTES["Projects/Release 4.2.md"]);
	});

	it("keeps every write inside the vault whatever the title or id says", async () => {
		const call = (harness as Harness).call;
		const before = await filesUnder(root);
		const stored = await call("memory_store", { content: "Escape attempt.", title: "../../../escaped" });
		const path = (stored.structuredContent as { node_id: string }).node_id;
		expect(path.startsWith("Memory/")).toBe(true);
		expect(path).not.toContain("..");
		const dotted = await call("pin_memory", { node_id: "../../etc/passwd" });
		expect(body(dotted)).toMatchObject({ field: "node_id", retryable: false });
		// The server never names where the vault lives; it only echoes what the client sent.
		expect(JSON.stringify(body(dotted))).not.toContain(root);
		const absolute = await call("pin_memory", { node_id: `${root}/vault/Garden.md` });
		expect(body(absolute).error).toContain("absolute path");
		const after = await filesUnder(root);
		const added = after.filter((file) => !before.includes(file));
		expect(added.filter((file) => !file.startsWith("state/"))).toEqual([`vault/${path}`]);
	});
});
