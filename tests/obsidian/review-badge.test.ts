// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { readMemorySettings } from "../../src/core/model/settings";
import { DAY_MS } from "../../src/core/scoring/time";
import { EngineService } from "../../src/obsidian/engine-service";
import { showReviewBadge } from "../../src/obsidian/review-badge";
import { FakeElement } from "../fakes/obsidian/fake-element";
import { inMemoryEngine } from "../helpers/in-memory-engine";
import { MemoryVault } from "../helpers/memory-vault";
import { RecordingStatus } from "./engine-harness";

const NOW = Date.UTC(2026, 0, 1);
// Exponential decay, half-life 10 days: an unused orphan turns fading 27.37 days after its last use.
const CROSSING_DAYS = 10 * Math.log2(0.05 / 0.0075);
const { settings } = readMemorySettings({ scoring: { relevance: { decayModel: "exponential", halfLifeDays: 10 } } });

let service: EngineService | null = null;

afterEach(async () => {
	await service?.stop();
});

describe("the review badge in the status bar", () => {
	it("counts the review items once the engine runs, follows decisions, and is hidden at 0", async () => {
		const vault = new MemoryVault();
		vault.now = NOW - (CROSSING_DAYS - 10) * DAY_MS;
		vault.write("Parking.md", "Parking is on level 3.");
		vault.write("Printer.md", "The printer is on floor 2.");
		vault.now = NOW;
		const engine = inMemoryEngine(vault, { clock: () => NOW, settings: () => settings });
		service = new EngineService(engine, new RecordingStatus(), () => undefined);
		const el = new FakeElement();
		const stop = showReviewBadge(el as unknown as HTMLElement, service);
		expect(el.hasClass("cmv-hidden")).toBe(true);
		expect(el.hasClass("mod-clickable")).toBe(true);

		await service.start();
		await vi.waitFor(() => expect(el.getText()).toBe("Review 2"));
		expect(el.hasClass("cmv-hidden")).toBe(false);
		expect(el.getAttr("aria-label")).toBe("2 memory review items: click to open the memory view");

		await engine.review.letGo("Parking.md");
		await engine.review.letGo("Printer.md");
		service.changed();
		await vi.waitFor(() => expect(el.getText()).toBe("Review 0"), { timeout: 5000 });
		expect(el.hasClass("cmv-hidden")).toBe(true);

		stop();
		expect(service.changeListenerCount).toBe(0);
	});
});
