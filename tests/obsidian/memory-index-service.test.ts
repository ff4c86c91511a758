import type { App as ObsidianApp } from "obsidian";
import { afterEach, describe, expect, it } from "vitest";
import type { VaultFile } from "../../src/core/model/vault";
import type { IndexStatusView } from "../../src/obsidian/index-status-bar";
import { MemoryIndexService } from "../../src/obsidian/memory-index-service";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import type { App } from "../fakes/obsidian";
import { fakeApp, removeVaultDirs } from "./fake-app";

afterEach(removeVaultDirs);

class RecordingStatus implements IndexStatusView {
	readonly shown: string[] = [];
	showProgress(done: number, total: number): void {
		this.shown.push(`progress ${done}/${total}`);
	}
	showCounts(notes: number, links: number): void {
		this.shown.push(`counts ${notes}/${links}`);
	}
	showFailure(reason: string): void {
		this.shown.push(`failure ${reason}`);
	}
}

/** An ObsidianVault whose `list` runs a hook first, to act while an index is being built. */
class HookedVault extends ObsidianVault {
	constructor(
		app: App,
		private readonly beforeList: () => Promise<void>,
	) {
		super(app as unknown as ObsidianApp);
	}

	override async list(): Promise<VaultFile[]> {
		const files = await super.list();
		await this.beforeList();
		return files;
	}
}

function service(vault: ObsidianVault) {
	const status = new RecordingStatus();
	const problems: string[] = [];
	return { status, problems, memory: new MemoryIndexService(vault, {}, status, (message) => problems.push(message)) };
}

describe("MemoryIndexService", () => {
	it("indexes, shows progress and counts, then follows changes", async () => {
		const { app, obsidianApp } = fakeApp({ "A.md": "[[B]]", "B.md": "" });
		const { memory, status } = service(new ObsidianVault(obsidianApp));
		const report = await memory.start();
		expect(report).toMatchObject({ notes: 2, edges: 1 });
		expect(status.shown).toEqual(["progress 0/0", "progress 1/2", "progress 2/2", "counts 2/1"]);
		await app.vault.create("C.md", "[[A]] [[B]]");
		await app.metadataCache.whenIdle();
		await memory.idle();
		expect(status.shown.at(-1)).toBe("counts 3/3");
		memory.stop();
		expect(app.liveEventRefCount()).toBe(0);
	});

	it("applies changes made while the index was being built", async () => {
		const { app } = fakeApp({ "A.md": "" });
		const vault = new HookedVault(app, async () => {
			if (!app.vault.getAbstractFileByPath("Late.md")) await app.vault.create("Late.md", "[[A]]");
		});
		const { memory } = service(vault);
		const report = await memory.start();
		expect(report?.notes).toBe(1);
		await memory.idle();
		expect(memory.index.graph.hasNote("Late.md")).toBe(true);
		await app.metadataCache.whenIdle();
		await memory.idle();
		expect(memory.index.graph.outEdges("Late.md").map((edge) => edge.target)).toEqual(["A.md"]);
		memory.stop();
	});

	it("does not start following the vault when stopped during a build", async () => {
		let release: (() => void) | null = null;
		const { app } = fakeApp({ "A.md": "" });
		const { memory } = service(new HookedVault(app, () => new Promise<void>((resolve) => (release = resolve))));
		const building = memory.start();
		while (release === null) await new Promise((resolve) => setTimeout(resolve, 1));
		memory.stop();
		(release as () => void)();
		expect(await building).toBeNull();
		expect(app.liveEventRefCount()).toBe(0);
		expect(await memory.rebuild()).toBeNull();
	});

	it("shows and reports a failed build instead of throwing, and joins concurrent rebuilds", async () => {
		const { app } = fakeApp({ "A.md": "" });
		let fail = true;
		const { memory, status, problems } = service(
			new HookedVault(app, () => (fail ? Promise.reject(new Error("disk on fire")) : Promise.resolve())),
		);
		expect(await memory.start()).toBeNull();
		await memory.whenReady();
		expect(status.shown.at(-1)).toBe("failure disk on fire");
		expect(problems).toEqual(["Causal Memory could not index the vault: disk on fire"]);
		expect(app.liveEventRefCount()).toBe(0);

		fail = false;
		const first = memory.rebuild();
		expect(memory.rebuild()).toBe(first);
		expect((await first)?.notes).toBe(1);
		memory.stop();
	});
});
