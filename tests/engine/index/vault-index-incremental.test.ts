import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { graphSnapshot } from "../../helpers/graph-snapshot";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import type { VaultEvent } from "../../../src/core/model/vault";
import { MemoryVault } from "../../helpers/memory-vault";

const PATHS = [
	"A.md",
	"B.md",
	"Deep/A.md",
	"Other/B.md",
	"x/y/C.md",
	"C.md",
	"Émoji 🚀.md",
	"日本語 メモ.md",
	".trash/A.md",
];
const LINK_TEXTS = [
	"A",
	"B",
	"C",
	"Deep/A",
	"x/y/C",
	"Émoji 🚀",
	"日本語 メモ",
	"Missing",
	"A#Heading",
	"B#^blk",
	"a",
	"c.md",
];
const KEYS = ["caused_by", "supports", "derived_from", "contradicts", "supersedes", "genre"];

const contentArb = fc
	.record({
		typed: fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...LINK_TEXTS)), { maxLength: 3 }),
		body: fc.array(fc.constantFrom(...LINK_TEXTS), { maxLength: 4 }),
		inline: fc.option(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...LINK_TEXTS)), { nil: undefined }),
	})
	.map(({ typed, body, inline }) => {
		const yaml = typed.map(([key, link]) => `${key}: "[[${link}]]"`).join("\n");
		const front = yaml ? `---\n${yaml}\n---\n` : "";
		const field = inline ? `${inline[0]}:: [[${inline[1]}]]\n` : "";
		return `${front}# Heading\n${field}${body.map((l) => `[[${l}]]`).join(" ")}\n`;
	});

type Action =
	| { kind: "write"; path: string; content: string }
	| { kind: "delete"; path: string }
	| { kind: "rename"; from: string; to: string };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
	{
		weight: 3,
		arbitrary: fc.record({ kind: fc.constant("write" as const), path: fc.constantFrom(...PATHS), content: contentArb }),
	},
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), path: fc.constantFrom(...PATHS) }) },
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant("rename" as const),
			from: fc.constantFrom(...PATHS),
			to: fc.constantFrom(...PATHS),
		}),
	},
);

function vaultOf(initial: string[]): MemoryVault {
	return new MemoryVault({ "A.md": initial[0] ?? "", "Deep/A.md": initial[1] ?? "", "B.md": initial[2] ?? "" });
}

/** Applies `action` to the vault when it makes sense there; the vault's event, or null when skipped. */
function perform(vault: MemoryVault, action: Action): VaultEvent | null {
	if (action.kind === "write") return vault.write(action.path, action.content);
	if (action.kind === "delete") return vault.content(action.path) === undefined ? null : vault.delete(action.path);
	if (vault.content(action.from) === undefined || vault.content(action.to) !== undefined) return null;
	return vault.rename(action.from, action.to);
}

async function freshSnapshot(vault: MemoryVault): Promise<unknown> {
	const fresh = new VaultIndex(vault);
	await fresh.build();
	return graphSnapshot(fresh.graph);
}

describe("VaultIndex incremental updates", () => {
	it("after any sequence of create/modify/delete/rename events the graph equals a fresh full index", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(contentArb, { minLength: 3, maxLength: 3 }),
				fc.array(actionArb, { maxLength: 25 }),
				async (initial, actions) => {
					const vault = vaultOf(initial);
					const index = new VaultIndex(vault);
					await index.build();
					for (const action of actions) {
						const event = perform(vault, action);
						if (event) await index.apply(event);
					}
					expect(graphSnapshot(index.graph)).toEqual(await freshSnapshot(vault));
				},
			),
			{ numRuns: 300, seed: 20261129 },
		);
	});

	it("a rebuild after any changes it was not told of updates the graph in place to what a fresh full index gives", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(contentArb, { minLength: 3, maxLength: 3 }),
				fc.array(actionArb, { maxLength: 25 }),
				async (initial, actions) => {
					const vault = vaultOf(initial);
					const index = new VaultIndex(vault, { settings: { excludedFolders: ["Other"] } });
					await index.build();
					const graph = index.graph;
					for (const action of actions) perform(vault, action);
					await index.build();
					expect(index.graph).toBe(graph);
					const fresh = new VaultIndex(vault, { settings: { excludedFolders: ["Other"] } });
					await fresh.build();
					expect(graphSnapshot(index.graph)).toEqual(graphSnapshot(fresh.graph));
					expect(index.graph.outsideNotePaths().sort()).toEqual(fresh.graph.outsideNotePaths().sort());
				},
			),
			{ numRuns: 200, seed: 20261202 },
		);
	});

	it("follows the vault's events once started and stops following after stop", async () => {
		const vault = new MemoryVault({ "A.md": "[[B]]" });
		const index = new VaultIndex(vault);
		await index.build();
		index.start();
		vault.write("B.md", "hello");
		await index.idle();
		expect(index.graph.outEdges("A.md").map((e) => e.target)).toEqual(["B.md"]);
		index.stop();
		expect(vault.listenerCount()).toBe(0);
		vault.write("C.md", "");
		await index.idle();
		expect(index.graph.hasNote("C.md")).toBe(false);
	});

	it("reports renames so history keyed by path can follow the note", async () => {
		const vault = new MemoryVault({ "A.md": "", "B.md": "" });
		const index = new VaultIndex(vault);
		await index.build();
		const changes: unknown[] = [];
		index.onChange((change) => changes.push(change));
		await index.apply(vault.rename("A.md", "Moved/A.md"));
		await index.apply(vault.write("Moved/A.md", "[[B]]"));
		await index.apply(vault.delete("Moved/A.md"));
		expect(changes).toEqual([
			{ type: "rename", path: "Moved/A.md", oldPath: "A.md" },
			{ type: "set", path: "Moved/A.md", previousMtime: vault.now, newTargets: [], ownWrite: false },
			{ type: "set", path: "Moved/A.md", previousMtime: vault.now, newTargets: ["B.md"], ownWrite: false },
			{ type: "remove", path: "Moved/A.md" },
		]);
	});
});
