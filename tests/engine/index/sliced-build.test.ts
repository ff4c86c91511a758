import { describe, expect, it } from "vitest";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { MemoryVault } from "../../helpers/memory-vault";
import { countingTimers } from "../../helpers/counting-timers";

/** 400 notes in a few folders, linking each other by name, by path, to same-named notes and to nothing. */
function linkedVault(): MemoryVault {
	const notes: Record<string, string> = {};
	for (let i = 0; i < 400; i++) {
		const folder = ["", "Projects/", "Archive/", "Projects/Old/"][Math.floor(i / 100)];
		const links = [`[[Note ${(i * 7) % 400}]]`, `[[Note ${(i * 13 + 5) % 400}|alias]]`, `[[Missing ${i % 9}]]`];
		const typed = i % 5 === 0 ? `---\ncaused_by:\n  - "[[Note ${(i + 1) % 400}]]"\n---\n` : "";
		// Notes 350–399 share their names with notes 0–49 of another folder.
		notes[`${folder}Note ${i % 350}.md`] = `${typed}Text of note ${i} about sync ${links.join(" ")}.`;
	}
	return new MemoryVault(notes);
}

describe("the sliced full index", () => {
	it("yields between slices and builds exactly the graph of the one-go build: nodes in the same order, the same edges", async () => {
		const timers = countingTimers();
		const sliced = new VaultIndex(linkedVault(), { timers, sliceMs: 0 });
		const whole = new VaultIndex(linkedVault());
		await sliced.build();
		await whole.build();
		// With 0 ms slices it yields after every step: a note added, its linkers gathered, its links resolved.
		expect(timers.calls).toBeGreaterThan(400);
		expect(sliced.graph.order).toBeGreaterThan(300);
		expect(sliced.graph.notePaths()).toEqual(whole.graph.notePaths());
		expect(sliced.graph.edges()).toEqual(whole.graph.edges());
		expect(sliced.graph.dangling()).toEqual(whole.graph.dangling());
		expect(sliced.graph.graph.size).toBeGreaterThan(500);
	});
});
