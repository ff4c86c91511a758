import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runToEnd } from "../../src/core/graph/memory-graph";
import {
	communityColumnsStepwise,
	detectCommunitiesInColumns,
} from "../../src/core/recall/communities/community-columns";
import { VaultIndex } from "../../src/engine/index/vault-index";
import { FsVault } from "../../src/node/fs/fs-vault";
import { libraryCommunitiesInColumns } from "../core/recall/communities/louvain-reference";
import { sharedPath } from "../helpers/shared";

const EXAMPLE_VAULT = fileURLToPath(new URL("../../examples/vault", import.meta.url));
const kepano = sharedPath("corpora", "kepano-obsidian");

/** The worker's answer for a real vault, and the answer graphology-communities-louvain gave it. */
async function bothAnswers(dir: string, resolution: number): Promise<{ ours: number[]; library: number[] }> {
	const index = new VaultIndex(new FsVault(dir), {});
	await index.build();
	const { request } = runToEnd(communityColumnsStepwise(index.graph.graph, resolution));
	expect(request.weights.some((weight) => weight > 0)).toBe(true);
	const library = Array.from(libraryCommunitiesInColumns(request));
	return { ours: Array.from(detectCommunitiesInColumns(request)), library };
}

describe("the worker's communities of a real vault are graphology-communities-louvain's, numbers included", () => {
	it("on the example vault", async () => {
		for (const resolution of [1, 0.5, 2]) {
			const { ours, library } = await bothAnswers(EXAMPLE_VAULT, resolution);
			expect(ours).toEqual(library);
			expect(new Set(ours).size).toBeLessThan(ours.length);
		}
	});

	it.skipIf(!kepano.found)("on kepano-obsidian", async () => {
		const { ours, library } = await bothAnswers(kepano.path, 1);
		expect(ours).toEqual(library);
	});
});
