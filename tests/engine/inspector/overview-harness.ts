import { readMemorySettings, type MemorySettings } from "../../../src/core/model/settings";
import { MemoryEngine } from "../../../src/engine/memory-engine";
import { NODE_TIMERS } from "../../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../../src/workers/in-thread-host";
import { MemoryStorage } from "../../fakes/memory-storage";
import { MemoryVault } from "../../helpers/memory-vault";

export const DAY = 86_400_000;

/** A chain Outage ← Deploy ← Config change, a supersedes pair, a contradiction, and two memories an agent stored a day apart. */
const OVERVIEW_NOTES: Record<string, string> = {
	"Outage.md": '---\ncaused_by: "[[Deploy]]"\n---\nThe API was down for an hour.',
	"Deploy.md": '---\ncaused_by: "[[Config change]]"\n---\nFriday deploy of version 2.',
	"Config change.md": "Raised the pool size.",
	"Postmortem.md": '---\nsupports: "[[Outage]]"\nsupersedes: "[[Draft]]"\n---\nWhat we learned.',
	"Draft.md": "First notes on the outage.",
	"Rumour.md": '---\ncontradicts: "[[Outage]]"\n---\nThe API was never down.',
};

const engines: MemoryEngine[] = [];

/** An engine over `notes` following the vault; notes in `stored` are created one day apart, in order, by an agent (memory_source: mcp). */
export async function overviewEngine(
	options: { notes?: Record<string, string>; stored?: Record<string, string>; settings?: unknown } = {},
) {
	const vault = new MemoryVault(options.notes ?? OVERVIEW_NOTES);
	for (const [path, content] of Object.entries(options.stored ?? {})) {
		vault.now += DAY;
		vault.write(path, `---\nmemory_source: mcp\n---\n${content}`);
	}
	let now = vault.now + DAY;
	const settings: MemorySettings = readMemorySettings(options.settings ?? {}).settings;
	const engine = new MemoryEngine({
		vault,
		storage: new MemoryStorage(),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => now,
		settings: () => settings,
		warn: () => undefined,
	});
	engines.push(engine);
	await engine.start({ follow: true });
	return { engine, vault, advance: (ms: number) => (now += ms) };
}

export async function stopOverviewEngines(): Promise<void> {
	for (const engine of engines.splice(0)) await engine.stop();
}
