import { describe, expect, it } from "vitest";
import type { VaultFile } from "../../../src/core/model/vault";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { MemoryVault } from "../../helpers/memory-vault";

class ListCountingVault extends MemoryVault {
	lists = 0;
	override list(): Promise<VaultFile[]> {
		this.lists++;
		return super.list();
	}
}

describe("VaultIndex.updateSettings", () => {
	it("lists the vault once to drop the notes it excludes and read those it lets in", async () => {
		const vault = new ListCountingVault({
			"A.md": "Kept.",
			"Old/B.md": "Excluded from now on.",
			"New/C.md": "Let in.",
		});
		const index = new VaultIndex(vault, { settings: { excludedFolders: ["New"] } });
		await index.build();
		vault.lists = 0;

		await index.updateSettings({ excludedFolders: ["Old"] });

		expect(index.graph.notePaths().sort()).toEqual(["A.md", "New/C.md"]);
		expect(vault.lists).toBe(1);
	});
});
