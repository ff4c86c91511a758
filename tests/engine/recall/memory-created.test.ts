import { afterEach, describe, expect, it } from "vitest";
import { NOW, stopEngines, writerHarness } from "../writer/writer-harness";

afterEach(stopEngines);

/** When the test vault's files were made (MemoryVault's clock when it is built): "when the vault was copied". */
const COPIED = 1_700_000_000_000;

describe("memory_created wins over the file's creation time", () => {
	it("in search's created and its since filter, and for memories the writer makes", async () => {
		const h = await writerHarness({
			"Copied/Dated.md": "---\nmemory_created: 2023-01-15\n---\nThe office moved to the harbour.",
			"Copied/Timed.md": "---\nmemory_created: 2023-01-15T10:00:00+02:00\n---\nThe harbour office opened.",
			"Copied/Undated.md": "The harbour office has a view.",
			"Copied/Garbled.md": "---\nmemory_created: last spring\n---\nThe harbour office is cold.",
		});
		const created = Object.fromEntries(h.engine.search("harbour", {}).map((hit) => [hit.path, hit.created]));
		expect(created).toEqual({
			"Copied/Dated.md": Date.UTC(2023, 0, 15),
			"Copied/Timed.md": Date.UTC(2023, 0, 15, 8),
			"Copied/Undated.md": COPIED,
			"Copied/Garbled.md": COPIED,
		});
		const since = (date: string) =>
			h.engine
				.search("", { since: Date.parse(date) })
				.map((hit) => hit.path)
				.sort();
		expect(since("2023-06-01")).toEqual(["Copied/Garbled.md", "Copied/Undated.md"]);
		expect(since("2023-01-15T09:00:00Z")).toEqual(["Copied/Garbled.md", "Copied/Undated.md"]);
		expect(since("2023-01-01")).toEqual([
			"Copied/Dated.md",
			"Copied/Garbled.md",
			"Copied/Timed.md",
			"Copied/Undated.md",
		]);

		h.vault.now = NOW + 86_400_000;
		const stored = await h.engine.writer.store({ content: "The harbour office closes in winter." });
		expect(h.engine.search("winter", {})[0]).toMatchObject({ path: stored.nodeId, created: NOW });
	});
});

describe("a time the question names matches the day a memory was written", () => {
	it("ranks the memory created in May 2023 first for May, and its twin from June for June", async () => {
		const painting = "Caroline painted a sunset over the lake with her kids.";
		const h = await writerHarness({
			"Memory/Painting one.md": `---\nmemory_created: 2023-05-08T14:00:00Z\n---\n${painting}`,
			"Memory/Painting two.md": `---\nmemory_created: 2023-06-09T10:00:00Z\n---\n${painting}`,
			"Memory/Garden.md": "---\nmemory_created: 2023-05-20\n---\nThe garden needs water.",
			"Memory/Pottery.md": "---\nmemory_created: 2023-06-02\n---\nPottery class on Tuesday.",
		});
		const paths = async (question: string) =>
			(await h.engine.recall(question, { mode: "keyword+graph", readOnly: true })).results.map((hit) => hit.path);
		expect((await paths("What did Caroline paint in May 2023?")).slice(0, 2)).toEqual([
			"Memory/Painting one.md",
			"Memory/Painting two.md",
		]);
		expect((await paths("What did Caroline paint on 9 June, 2023?")).slice(0, 2)).toEqual([
			"Memory/Painting two.md",
			"Memory/Painting one.md",
		]);
		expect((await paths("What did Caroline paint in the week before 12 June 2023?")).slice(0, 2)).toEqual([
			"Memory/Painting two.md",
			"Memory/Painting one.md",
		]);
	});

	it("counts the named time as a covered part of the question: a memory of that month beats one that repeats a word", async () => {
		const h = await writerHarness({
			"Memory/Iceland.md": "---\nmemory_created: 2022-07-12\n---\nJoanna: the travel to Iceland was lovely.",
			"Memory/Plans.md":
				"---\nmemory_created: 2022-03-02\n---\nJoanna: travel plans, travel bookings, travel insurance and travel tips.",
			"Memory/Garden.md": "---\nmemory_created: 2022-05-20\n---\nThe garden needs water.",
			"Memory/Pottery.md": "---\nmemory_created: 2022-06-02\n---\nPottery class on Tuesday.",
			"Memory/Noodles.md": "---\nmemory_created: 2022-04-02\n---\nNoodles at the corner place.",
		});
		const result = await h.engine.recall("Where did Joanna travel in July 2022?", {
			mode: "keyword+graph",
			readOnly: true,
		});
		expect(result.results.slice(0, 2).map((hit) => hit.path)).toEqual(["Memory/Iceland.md", "Memory/Plans.md"]);
		// The marker of the named time never shows as a matched word.
		expect(result.results[0].why.terms?.sort()).toEqual(["joanna", "travel"]);
	});
});
