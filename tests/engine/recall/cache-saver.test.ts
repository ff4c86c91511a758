import { describe, expect, it } from "vitest";
import { CacheSaver, type CacheSaveTiming } from "../../../src/engine/recall/cache-saver";
import { ManualTimers, settle } from "../../helpers/manual-timers";

const TIMING: CacheSaveTiming = { quietMs: 30_000, maxDelayMs: 600_000, minIntervalMs: 300_000 };

function saverOver(options: { saveMs?: number; fail?: () => boolean } = {}) {
	const timers = new ManualTimers();
	const source = { version: 0 };
	const saves: { version: number; at: number }[] = [];
	const warnings: string[] = [];
	let running = 0;
	let mostAtOnce = 0;
	const saver = new CacheSaver({
		version: () => source.version,
		save: async () => {
			running++;
			mostAtOnce = Math.max(mostAtOnce, running);
			const version = source.version;
			try {
				if (options.saveMs !== undefined)
					await new Promise<void>((resolve) => timers.setTimeout(resolve, options.saveMs ?? 0));
				if (options.fail?.() === true) throw new Error("disk full");
				saves.push({ version, at: timers.now });
			} finally {
				running--;
			}
		},
		timers,
		clock: timers.clock,
		timing: TIMING,
		warn: (message) => warnings.push(message),
	});
	return { timers, source, saves, warnings, saver, mostAtOnce: () => mostAtOnce };
}

describe("CacheSaver", () => {
	it("saves once the source has been quiet for a look, not while it keeps changing", async () => {
		const { timers, source, saves, saver } = saverOver();
		saver.start();
		await timers.advance(30_000);
		expect(saves).toEqual([]);
		for (let i = 0; i < 3; i++) {
			source.version++;
			await timers.advance(30_000);
		}
		expect(saves).toEqual([]);
		await timers.advance(30_000);
		expect(saves).toEqual([{ version: 3, at: 150_000 }]);
		await timers.advance(600_000);
		expect(saves).toHaveLength(1);
	});

	it("saves at most every minIntervalMs, and a source that never settles at least every maxDelayMs", async () => {
		const { timers, source, saves, saver } = saverOver();
		saver.start();
		source.version++;
		await timers.advance(60_000);
		expect(saves.map((save) => save.at)).toEqual([60_000]);
		source.version++;
		await timers.advance(60_000);
		expect(saves).toHaveLength(1);
		await timers.advance(240_000);
		expect(saves.map((save) => save.at)).toEqual([60_000, 360_000]);

		for (let at = 390_000; at <= 1_200_000; at += 30_000) {
			source.version++;
			await timers.advance(30_000);
		}
		// Changing at every look: saved once the first unsaved change was 10 minutes old.
		expect(saves.map((save) => save.at)).toEqual([60_000, 360_000, 990_000]);
	});

	it("never runs two saves at once: a flush during a save waits, then saves what changed meanwhile", async () => {
		const { timers, source, saves, saver, mostAtOnce } = saverOver({ saveMs: 5_000 });
		source.version = 1;
		const first = saver.flush();
		await settle();
		source.version = 2;
		const second = saver.flush();
		const third = saver.flush();
		await timers.advance(20_000);
		await Promise.all([first, second, third]);
		expect(saves).toEqual([
			{ version: 1, at: 5_000 },
			{ version: 2, at: 10_000 },
		]);
		expect(mostAtOnce()).toBe(1);
	});

	it("does not save a source that has not changed since it was loaded", async () => {
		const { timers, source, saves, saver } = saverOver();
		source.version = 7;
		saver.markSaved();
		saver.start();
		await timers.advance(900_000);
		await saver.flush();
		expect(saves).toEqual([]);
	});

	it("warns about a failed background save, rejects a failed flush, and tries again later", async () => {
		let failing = true;
		const { timers, source, saves, warnings, saver } = saverOver({ fail: () => failing });
		saver.start();
		source.version++;
		await timers.advance(60_000);
		expect(warnings).toEqual(["disk full"]);
		await expect(saver.flush()).rejects.toThrow("disk full");
		failing = false;
		await timers.advance(300_000);
		expect(saves).toEqual([{ version: 1, at: 360_000 }]);
		expect(warnings).toEqual(["disk full"]);
	});

	it("stops looking and waits for the save that runs", async () => {
		const { timers, source, saves, saver } = saverOver({ saveMs: 5_000 });
		saver.start();
		source.version++;
		await timers.advance(60_000);
		const stopping = saver.stop();
		await timers.advance(5_000);
		await stopping;
		expect(saves).toEqual([{ version: 1, at: 65_000 }]);
		expect(timers.pending).toBe(0);
	});
});
