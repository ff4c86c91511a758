import { describe, expect, it } from "vitest";
import type { VaultEvent } from "../../../src/core/model/vault";
import { RenameDetector, type FileIdentity, type Timers } from "../../../src/node/fs/fs-rename-detector";

/** Timers driven by hand: `advance(ms)` runs what is due. */
function manualTimers(): Timers & { advance(ms: number): void } {
	let now = 0;
	let tasks: Array<{ at: number; run: () => void }> = [];
	return {
		setTimeout(run, ms) {
			const task = { at: now + ms, run };
			tasks.push(task);
			return task;
		},
		clearTimeout(handle) {
			tasks = tasks.filter((task) => task !== handle);
		},
		advance(ms) {
			now += ms;
			const due = tasks.filter((task) => task.at <= now);
			tasks = tasks.filter((task) => task.at > now);
			for (const task of due) task.run();
		},
	};
}

const file = (ino: number, mtimeMs = 1000, size = 10): FileIdentity => ({ dev: 1, ino, size, mtimeMs });

function setup() {
	const events: VaultEvent[] = [];
	const timers = manualTimers();
	const detector = new RenameDetector((event) => events.push(event), timers, 150);
	return { events, timers, detector };
}

describe("RenameDetector", () => {
	it("pairs a delete and a later create of the same file into one rename", () => {
		const { events, timers, detector } = setup();
		detector.remember("a.md", file(7));
		detector.deleted("a.md");
		timers.advance(100);
		detector.created("b.md", file(7));
		timers.advance(1000);
		expect(events).toEqual([{ type: "rename", path: "b.md", oldPath: "a.md" }]);
	});

	it("pairs them when the create arrives first", () => {
		const { events, timers, detector } = setup();
		detector.remember("a.md", file(7));
		detector.created("b.md", file(7));
		timers.advance(100);
		detector.deleted("a.md");
		timers.advance(1000);
		expect(events).toEqual([{ type: "rename", path: "b.md", oldPath: "a.md" }]);
	});

	it("reports a delete once the window has passed without a matching create", () => {
		const { events, timers, detector } = setup();
		detector.remember("a.md", file(7));
		detector.deleted("a.md");
		timers.advance(149);
		expect(events).toEqual([]);
		timers.advance(1);
		detector.created("b.md", file(7));
		expect(events).toEqual([
			{ type: "delete", path: "a.md" },
			{ type: "create", path: "b.md" },
		]);
	});

	it("does not take a new file that reuses a freed inode for a rename", () => {
		const { events, timers, detector } = setup();
		detector.remember("a.md", file(7, 1000));
		detector.deleted("a.md");
		detector.created("new.md", file(7, 5000));
		timers.advance(150);
		expect(events).toEqual([
			{ type: "create", path: "new.md" },
			{ type: "delete", path: "a.md" },
		]);
	});

	it("follows a renamed file through later renames and edits", () => {
		const { events, detector } = setup();
		detector.remember("a.md", file(7));
		detector.deleted("a.md");
		detector.created("b.md", file(7));
		detector.remember("b.md", file(7, 2000, 20));
		detector.deleted("b.md");
		detector.created("c.md", file(7, 2000, 20));
		expect(events).toEqual([
			{ type: "rename", path: "b.md", oldPath: "a.md" },
			{ type: "rename", path: "c.md", oldPath: "b.md" },
		]);
	});

	it("reports at once the delete of a file it never saw and the create of an unrelated file", () => {
		const { events, detector } = setup();
		detector.deleted("unknown.md");
		detector.created("fresh.md", file(9));
		expect(events).toEqual([
			{ type: "delete", path: "unknown.md" },
			{ type: "create", path: "fresh.md" },
		]);
	});

	it("delivers nothing that was pending once disposed", () => {
		const { events, timers, detector } = setup();
		detector.remember("a.md", file(7));
		detector.deleted("a.md");
		detector.dispose();
		timers.advance(1000);
		expect(events).toEqual([]);
	});
});
