import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { graphSnapshot } from "../../helpers/graph-snapshot";
import type { VaultEventListener, VaultFile, VaultPort } from "../../../src/core/model/vault";
import { VaultIndex, type IndexChange } from "../../../src/engine/index/vault-index";
import { ForwardingVault } from "../../helpers/forwarding-vault";
import { MemoryVault } from "../../helpers/memory-vault";
import { countingTimers } from "../../helpers/counting-timers";

/**
 * A vault whose watcher goes live only when the test says, like chokidar finishing its first
 * scan: changes made before that are never reported. `duringList` runs between the listing
 * and its answer, so the build reads a vault that no longer matches the listing.
 */
class LateWatchVault extends ForwardingVault {
	duringList: (() => void) | undefined;
	private pendingWatch: { listener: VaultEventListener; onLive?: () => void } | undefined;
	private unwatch: (() => void) | undefined;

	constructor(override readonly inner: MemoryVault) {
		super(inner);
	}

	override async list(): Promise<VaultFile[]> {
		const files = await this.inner.list();
		const during = this.duringList;
		this.duringList = undefined;
		during?.();
		return files;
	}

	goLive(): void {
		const watch = this.pendingWatch;
		if (!watch) throw new Error("not watching");
		this.unwatch = this.inner.watch(watch.listener);
		watch.onLive?.();
	}

	override watch(listener: VaultEventListener, onLive?: () => void): () => void {
		this.pendingWatch = { listener, onLive };
		return () => this.unwatch?.();
	}
}

async function freshSnapshot(vault: VaultPort): Promise<unknown> {
	const fresh = new VaultIndex(vault);
	await fresh.build();
	return graphSnapshot(fresh.graph);
}

describe("VaultIndex reconciles once watching is live", () => {
	it("works out what to apply in slices that yield, with the result of the one-go reconcile", async () => {
		const notes: Record<string, string> = {};
		for (let i = 0; i < 200; i++) notes[`Note ${i}.md`] = `note ${i} links [[Note ${(i + 1) % 200}]]`;
		const results: unknown[] = [];
		for (const timers of [countingTimers(), undefined]) {
			const inner = new MemoryVault(notes);
			const vault = new LateWatchVault(inner);
			const index = new VaultIndex(vault, { timers, sliceMs: 0 });
			index.start();
			await index.build();
			const yieldsAfterBuild = timers?.calls ?? 0;
			inner.now += 1000;
			inner.rename("Note 3.md", "Moved/Note 3.md");
			inner.write("Note 7.md", "now links [[Note 9]]");
			inner.delete("Note 11.md");
			inner.write("New.md", "[[Note 1]]");
			const changes: IndexChange[] = [];
			index.onChange((change) => changes.push(change));
			vault.goLive();
			await index.idle();
			// At least a yield per listed note: 200 listed, 200 indexed, 200 compared.
			if (timers) expect(timers.calls - yieldsAfterBuild).toBeGreaterThan(600);
			expect(graphSnapshot(index.graph)).toEqual(await freshSnapshot(inner));
			results.push(changes);
		}
		expect(results[0]).toEqual(results[1]);
		expect(results[0]).toContainEqual({ type: "rename", path: "Moved/Note 3.md", oldPath: "Note 3.md" });
	});

	it("picks up notes renamed, created, changed and deleted while the build read the vault", async () => {
		const inner = new MemoryVault({ "A.md": "[[B]]", "B.md": "bee", "C.md": "[[A]]", "D.md": "dee", "E.md": "eee" });
		const vault = new LateWatchVault(inner);
		vault.duringList = () => {
			inner.now += 1000;
			inner.rename("A.md", "Moved/A.md");
			inner.write("New.md", "[[Moved/A]] [[B]]");
			inner.write("E.md", "now links [[D]]");
			inner.delete("C.md");
		};
		const index = new VaultIndex(vault);
		const changes: IndexChange[] = [];
		index.onChange((change) => changes.push(change));
		index.start();
		await index.build();
		expect(index.graph.notePaths().sort()).toEqual(["B.md", "D.md", "E.md"]);

		vault.goLive();
		await index.idle();
		expect(index.graph.notePaths().sort()).toEqual(["B.md", "D.md", "E.md", "Moved/A.md", "New.md"]);
		expect(index.graph.outEdges("E.md").map((edge) => edge.target)).toEqual(["D.md"]);
		expect(graphSnapshot(index.graph)).toEqual(await freshSnapshot(inner));
	});

	it("reports a note moved after the build read it, before watching was live, as a rename", async () => {
		const inner = new MemoryVault({ "A.md": "[[B]]", "B.md": "[[A]]", "C.md": "cee" });
		const vault = new LateWatchVault(inner);
		const index = new VaultIndex(vault);
		index.start();
		await index.build();
		const changes: IndexChange[] = [];
		index.onChange((change) => changes.push(change));
		inner.rename("A.md", "Moved/A.md");
		inner.rename("B.md", "Moved/B.md");
		vault.goLive();
		await index.idle();
		// A and B share size and mtime, so which is which is unknown: each counts as deleted and created.
		expect(changes.filter((change) => change.type === "rename")).toEqual([]);
		expect(index.graph.notePaths().sort()).toEqual(["C.md", "Moved/A.md", "Moved/B.md"]);

		changes.length = 0;
		inner.rename("C.md", "Moved/C.md");
		await index.reconcile();
		expect(changes).toEqual([
			{ type: "rename", path: "Moved/C.md", oldPath: "C.md" },
			{ type: "set", path: "Moved/C.md", previousMtime: inner.now, newTargets: [], ownWrite: false },
		]);
	});

	it("does nothing when the vault did not change, and nothing before the first build", async () => {
		const inner = new MemoryVault({ "A.md": "[[B]]", "B.md": "bee" });
		const vault = new LateWatchVault(inner);
		const index = new VaultIndex(vault);
		const changes: IndexChange[] = [];
		index.onChange((change) => changes.push(change));
		index.start();
		vault.goLive();
		await index.idle();
		expect(index.graph.order).toBe(0);
		await index.build();
		await index.reconcile();
		expect(changes).toEqual([]);
		expect(index.graph.order).toBe(2);
	});

	it("after any changes between listing and loading, the graph equals a fresh full index", async () => {
		const paths = ["A.md", "B.md", "C.md", "Deep/A.md", "x/D.md", "E.md"];
		const links = ["A", "B", "C", "Deep/A", "D", "E"];
		const action = fc.oneof(
			fc.record({
				kind: fc.constant("write" as const),
				path: fc.constantFrom(...paths),
				link: fc.constantFrom(...links),
			}),
			fc.record({ kind: fc.constant("delete" as const), path: fc.constantFrom(...paths) }),
			fc.record({
				kind: fc.constant("rename" as const),
				path: fc.constantFrom(...paths),
				to: fc.constantFrom(...paths),
			}),
		);
		await fc.assert(
			fc.asyncProperty(fc.array(action, { maxLength: 12 }), async (actions) => {
				const inner = new MemoryVault({ "A.md": "[[B]]", "B.md": "[[C]]", "C.md": "", "Deep/A.md": "[[A]]" });
				const vault = new LateWatchVault(inner);
				vault.duringList = () => {
					for (const step of actions) {
						inner.now += 1;
						if (step.kind === "write") inner.write(step.path, `see [[${step.link}]]`);
						else if (step.kind === "delete" && inner.content(step.path) !== undefined) inner.delete(step.path);
						else if (
							step.kind === "rename" &&
							inner.content(step.path) !== undefined &&
							inner.content(step.to) === undefined
						)
							inner.rename(step.path, step.to);
					}
				};
				const index = new VaultIndex(vault);
				index.start();
				await index.build();
				vault.goLive();
				await index.idle();
				expect(graphSnapshot(index.graph)).toEqual(await freshSnapshot(inner));
			}),
			{ numRuns: 200, seed: 20261201 },
		);
	});
});
