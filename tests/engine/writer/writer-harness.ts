import { readMemorySettings, type MemorySettings } from "../../../src/core/model/settings";
import type { VaultPort } from "../../../src/core/model/vault";
import { parseNote } from "../../../src/core/parse/parse-note";
import { MemoryEngine } from "../../../src/engine/memory-engine";
import { MemoryError } from "../../../src/core/model/memory-error";
import { NODE_TIMERS } from "../../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../../src/workers/in-thread-host";
import { MemoryStorage } from "../../fakes/memory-storage";
import { MemoryVault } from "../../helpers/memory-vault";

export const NOW = Date.UTC(2024, 6, 2, 9, 14, 5);

export interface WriterHarness {
	engine: MemoryEngine;
	vault: MemoryVault;
	settings: MemorySettings;
	saved: MemorySettings[];
}

const engines: MemoryEngine[] = [];

/** Stops every engine the tests started (call from afterEach). */
export async function stopEngines(): Promise<void> {
	await Promise.all(engines.splice(0).map((engine) => engine.stop()));
}

/** Settings as data.json would hold them, with writes fast enough for tests. */
export function testSettings(input: Record<string, unknown> = {}): MemorySettings {
	const { settings, problems } = readMemorySettings({
		...input,
		maintenance: { writesPerSecond: 1000, ...(input.maintenance as object) },
	});
	if (problems.length > 0) throw new Error(problems.join("; "));
	return settings;
}

/** A started engine (following the vault) over `vault`, with settings that tests may change in place. */
export async function startEngine(
	vault: VaultPort,
	settings: MemorySettings,
	options: { follow?: boolean; saveSettings?: boolean; clock?: () => number } = {},
) {
	const saved: MemorySettings[] = [];
	const holder = { settings };
	const engine = new MemoryEngine({
		vault,
		storage: new MemoryStorage(),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: options.clock ?? (() => NOW),
		settings: () => holder.settings,
		updateSettings:
			options.saveSettings === false
				? undefined
				: (change) => {
						holder.settings = change(holder.settings);
						saved.push(holder.settings);
						return Promise.resolve();
					},
		warn: () => undefined,
	});
	engines.push(engine);
	await engine.start({ follow: options.follow ?? true });
	return { engine, saved, current: () => holder.settings };
}

export async function writerHarness(
	notes: Record<string, string>,
	settingsInput: Record<string, unknown> = {},
	clock?: () => number,
): Promise<WriterHarness> {
	const vault = new MemoryVault(notes);
	vault.now = clock?.() ?? NOW;
	const settings = testSettings(settingsInput);
	const { engine, saved } = await startEngine(vault, settings, { clock });
	return { engine, vault, settings, saved };
}

export function frontmatterOf(vault: MemoryVault, path: string): Record<string, unknown> {
	return parseNote(vault.content(path) ?? "").frontmatter ?? {};
}

/** Every file and its content, to check that a refused call changed nothing. */
export function snapshot(vault: MemoryVault): Record<string, string | undefined> {
	return Object.fromEntries(
		vault
			.paths()
			.sort()
			.map((path) => [path, vault.content(path)]),
	);
}

/** The MemoryError a call is refused with. */
export async function refusal(call: () => Promise<unknown>): Promise<MemoryError> {
	try {
		await call();
	} catch (error) {
		if (error instanceof MemoryError) return error;
		throw error;
	}
	throw new Error("expected the call to be refused with a MemoryError");
}
