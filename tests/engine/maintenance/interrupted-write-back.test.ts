import { describe, expect, it } from "vitest";
import type { FrontmatterUpdate, VaultFile } from "../../../src/core/model/vault";
import { parseMaintenanceSettings } from "../../../src/core/model/maintenance-settings";
import { parseScoringSettings } from "../../../src/core/model/scoring-settings";
import { parseNote } from "../../../src/core/parse/parse-note";
import { ActivityStore } from "../../../src/engine/activity/activity-store";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { MemoryMaintenance } from "../../../src/engine/maintenance/memory-maintenance";
import { createInThreadMaintenanceWorker } from "../../../src/workers/in-thread-host";
import { MemoryStorage } from "../../fakes/memory-storage";
import { MemoryVault } from "../../helpers/memory-vault";
import { clearTimeout, setTimeout } from "node:timers";

const DAY = 86_400_000;
const NOTES = 30;
const timers = {
	setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
	clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
};

/** A vault whose writes stop for good after `allowed` of them, as when the process is killed mid-batch. */
class DyingVault extends MemoryVault {
	allowed = Infinity;

	override writeFrontmatter(path: string, update: FrontmatterUpdate): Promise<VaultFile | null> {
		if (this.allowed-- <= 0) return new Promise(() => undefined);
		return super.writeFrontmatter(path, update);
	}
}

async function open(vault: MemoryVault, storage: MemoryStorage) {
	const index = new VaultIndex(vault);
	await index.build();
	const activity = await ActivityStore.open(storage, { clock: () => vault.now });
	const settings = {
		maintenance: parseMaintenanceSettings({ writesPerSecond: 1000 }),
		scoring: parseScoringSettings({}),
	};
	const maintenance = await MemoryMaintenance.open({
		vault,
		index,
		activity,
		storage,
		worker: createInThreadMaintenanceWorker(),
		timers,
		clock: () => vault.now,
		settings: () => settings,
		warn: () => undefined,
	});
	return { index, activity, maintenance };
}

describe("a memory_status write-back cut short (issue 15.7)", () => {
	it("is finished by the next pass, without moving notes back or logging a transition twice", async () => {
		const notes: Record<string, string> = {};
		for (let i = 0; i < NOTES; i++)
			notes[`Memory/Fact ${i}.md`] = `---\nmemory_source: mcp\nmemory_created: 2023-11-14\n---\nFact number ${i}.\n`;
		const vault = new DyingVault(notes);
		const storage = new MemoryStorage();
		const first = await open(vault, storage);
		vault.now += 40 * DAY;
		await first.maintenance.runPass();
		vault.now += DAY;
		vault.allowed = 11;
		// The second pass moves every note down and dies after 11 of its writes.
		void first.maintenance.runPass();
		await new Promise((resolve) => setTimeout(resolve, 200));
		const transitions = first.maintenance.history().filter((e) => e.kind === "transition");
		expect(transitions.length).toBe(NOTES);
		const said = () =>
			Object.keys(notes).map((path) => parseNote(vault.content(path) ?? "").frontmatter?.memory_status);
		expect(said().filter((status) => status === "dormant").length).toBe(11);

		vault.allowed = Infinity;
		const second = await open(vault, storage);
		for (const path of Object.keys(notes)) expect(second.maintenance.statusOf(path), path).toBe("dormant");
		vault.now += DAY;
		const report = await second.maintenance.runPass();
		expect(report.changes).toEqual([]);
		expect(report.writes).toEqual({ written: NOTES - 11, failed: [] });
		expect(said()).toEqual(Object.keys(notes).map(() => "dormant"));
		expect(second.maintenance.history().filter((e) => e.kind === "transition").length).toBe(NOTES);
		await second.maintenance.stop();
	});
});
