import { describe, expect, it } from "vitest";
import { graphSnapshot } from "../../helpers/graph-snapshot";
import { VaultIndex, type IndexChange } from "../../../src/engine/index/vault-index";
import { CountingVault } from "../../helpers/counting-vault";

const NOTES = { "A.md": "The first note.", "Folder/C.md": "---\ntags: [x]\n---\nSee [[A]]." };
const CREATED = '---\nmemory_source: mcp\ncaused_by:\n  - "[[A]]"\n---\nLinks to [[C]] and [[Missing]].\n';

async function builtIndex(): Promise<{ vault: CountingVault; index: VaultIndex; changes: IndexChange[] }> {
	const vault = new CountingVault(NOTES);
	const index = new VaultIndex(vault);
	await index.build();
	const changes: IndexChange[] = [];
	index.onChange((change) => changes.push(change));
	// The index does not follow the vault: nothing reports the new note to it.
	vault.write("Memory/B.md", CREATED);
	vault.loads = 0;
	return { vault, index, changes };
}

describe("VaultIndex.applyCreated", () => {
	it("indexes a note just created from the text written, as a create event would, without reading it back", async () => {
		const byEvent = await builtIndex();
		await byEvent.index.apply({ type: "create", path: "Memory/B.md" });
		const known = await builtIndex();
		const file = await known.vault.stat("Memory/B.md");
		if (!file) throw new Error("the created note is missing");

		await known.index.applyCreated(file, CREATED);

		expect(known.vault.loads).toBe(0);
		expect(byEvent.vault.loads).toBe(1);
		expect(graphSnapshot(known.index.graph)).toEqual(graphSnapshot(byEvent.index.graph));
		expect(known.index.graph.outEdges("Memory/B.md").map((edge) => [edge.type, edge.target])).toEqual(
			expect.arrayContaining([
				["caused_by", "A.md"],
				["related_to", "Folder/C.md"],
			]),
		);
		expect(known.changes).toEqual(byEvent.changes);
		expect(known.changes).toEqual([
			expect.objectContaining({ type: "set", path: "Memory/B.md", previousMtime: null, ownWrite: false }),
		]);
	});
});
