import { appendFile, mkdir, mkdtemp, rename, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { graphSnapshot } from "../../helpers/graph-snapshot";
import type { VaultEventListener, VaultFile } from "../../../src/core/model/vault";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { FsVault } from "../../../src/node/fs/fs-vault";
import { startEngine, stopEngines, testSettings } from "../../engine/writer/writer-harness";
import { ForwardingVault } from "../../helpers/forwarding-vault";

let root = "";

beforeEach(async () => {
	root = await mkdtemp(join(tmpdir(), "cm-reconcile-"));
});

afterEach(async () => {
	await stopEngines();
	await rm(root, { recursive: true, force: true });
});

/**
 * An FsVault where a storm of renames, creates, edits and deletes hits the folder after the
 * build has listed it, and the watcher's first scan only starts after the storm: the scan
 * takes the stormed files for the initial state and reports none of the changes.
 */
class StormAfterListing extends ForwardingVault {
	private watchRequest: { listener: VaultEventListener; onLive?: () => void } | undefined;
	private stopWatching: (() => void) | undefined;
	private storm: (() => Promise<void>) | undefined;

	constructor(inner: FsVault, storm: () => Promise<void>) {
		super(inner);
		this.storm = storm;
	}

	override async list(): Promise<VaultFile[]> {
		const files = await this.inner.list();
		const storm = this.storm;
		this.storm = undefined;
		if (storm) {
			await storm();
			const request = this.watchRequest;
			if (request) this.stopWatching = this.inner.watch(request.listener, request.onLive);
		}
		return files;
	}

	override watch(listener: VaultEventListener, onLive?: () => void): () => void {
		this.watchRequest = { listener, onLive };
		return () => this.stopWatching?.();
	}
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
	const deadline = Date.now() + 15_000;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(50);
	}
}

describe("start while the vault changes (headless)", () => {
	it("reflects every rename, create, edit and delete made while the build ran, without a restart", async () => {
		const NOTES = 120;
		await mkdir(join(root, "Notes"));
		for (let i = 0; i < NOTES; i++)
			await writeFile(join(root, "Notes", `Note ${i}.md`), `Note ${i} links [[Note ${(i + 1) % NOTES}]]\n`);
		const storm = async () => {
			await mkdir(join(root, "Renamed"));
			for (let i = 0; i < 40; i++)
				await rename(join(root, "Notes", `Note ${i}.md`), join(root, "Renamed", `Moved ${i}.md`));
			for (let i = 40; i < 50; i++) await unlink(join(root, "Notes", `Note ${i}.md`));
			for (let i = 50; i < 60; i++) await appendFile(join(root, "Notes", `Note ${i}.md`), `and now [[Created ${i}]]\n`);
			for (let i = 50; i < 60; i++) await writeFile(join(root, `Created ${i}.md`), `created during start\n`);
		};
		const fsVault = new FsVault(root, { onWatchError: (error) => expect.fail(error.message) });
		const { engine } = await startEngine(new StormAfterListing(fsVault, storm), testSettings(), { follow: true });

		const onDisk = async () => (await fsVault.list()).map((file) => file.path).sort();
		await until(
			async () => JSON.stringify(engine.index.graph.notePaths().sort()) === JSON.stringify(await onDisk()),
			"the index to match the folder",
		);
		await engine.index.idle();
		expect(engine.index.graph.order).toBe(NOTES - 10 + 10);
		expect(engine.index.graph.outEdges("Notes/Note 55.md").map((edge) => edge.target)).toContain("Created 55.md");
		const fresh = new VaultIndex(fsVault);
		await fresh.build();
		expect(graphSnapshot(engine.index.graph)).toEqual(graphSnapshot(fresh.graph));
	});
});
