import { afterEach, describe, expect, it, vi } from "vitest";
import { parseRecallSettings } from "../../../src/core/model/recall-settings";
import { RecallService, type RecallServiceDeps } from "../../../src/engine/recall/recall-service";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { MemoryVault } from "../../helpers/memory-vault";
import { frontmatterOf, stopEngines, writerHarness } from "../writer/writer-harness";

afterEach(stopEngines);

const inSession = (session: string, text: string) => `---\nmemory_session: ${session}\n---\n${text}`;

async function setup(files: Record<string, string>, deps: RecallServiceDeps = {}) {
	const vault = new MemoryVault(files);
	const recall = new RecallService(deps);
	const index = new VaultIndex(vault, { onLoaded: recall.noteLoaded });
	recall.attach(index);
	await index.build();
	return { vault, index, recall };
}

const members = (recall: RecallService, episode: string): string[] =>
	[...(recall.episodes.membersOf(episode) ?? [])].sort();

describe("the episode index follows the vault", () => {
	it("moves a memory whose memory_session is edited by hand, follows a rename and forgets a deletion", async () => {
		const { vault, index, recall } = await setup({
			"T1.md": inSession("chat 7", "We booked the flights."),
			"T2.md": inSession("chat 7", "The hotel is near the station."),
			"T3.md": inSession("chat 9", "The car needs new tyres."),
			"Plain.md": "No session here.",
		});
		expect(members(recall, "chat 7")).toEqual(["T1.md", "T2.md"]);
		expect(recall.episodes.episodeOf("Plain.md")).toBeUndefined();

		await index.apply(vault.write("T2.md", inSession("chat 9", "The hotel is near the station.")));
		expect(members(recall, "chat 7")).toEqual(["T1.md"]);
		expect(members(recall, "chat 9")).toEqual(["T2.md", "T3.md"]);

		await index.apply(vault.write("T1.md", "We booked the flights."));
		expect(recall.episodes.membersOf("chat 7")).toBeUndefined();

		await index.apply(vault.rename("T3.md", "Trips/T3.md"));
		expect(members(recall, "chat 9")).toEqual(["T2.md", "Trips/T3.md"]);

		await index.apply(vault.delete("T2.md"));
		expect(members(recall, "chat 9")).toEqual(["Trips/T3.md"]);
		expect(recall.episodes.size).toBe(1);
	});

	it("puts stored memories in their source_session's episode, and an amended one in the old one's", async () => {
		const h = await writerHarness({ "Garden.md": "Tomatoes need more water in July." });
		const first = await h.engine.writer.store({ content: "The budget is $50,000.", sourceSession: "call-1" });
		const second = await h.engine.writer.store({ content: "Launch moves to June.", sourceSession: "call-2" });
		const episodes = h.engine.recallService.episodes;
		expect(episodes.episodeOf(first.nodeId)).toBe("call-1");
		expect(episodes.episodeOf(second.nodeId)).toBe("call-2");

		const amended = await h.engine.writer.amend(first.nodeId, "The budget is $80,000.");
		expect(frontmatterOf(h.vault, amended.nodeId).memory_session).toBe("call-1");
		expect([...(episodes.membersOf("call-1") ?? [])].sort()).toEqual([first.nodeId, amended.nodeId].sort());

		h.vault.write(second.nodeId, inSession("call-1", "Launch moves to June."));
		await vi.waitFor(() => expect(episodes.episodeOf(second.nodeId)).toBe("call-1"));
		expect(episodes.membersOf("call-2")).toBeUndefined();
	});
});

describe("recall with episodes", () => {
	// Episode A's turns hold the whole question between them; B has the single best-matching turn.
	const notes = {
		"A1.md": inSession("A", "Melanie said spring will start soon."),
		"A2.md": inSession("A", "The pottery class meets in spring."),
		"A3.md": inSession("A", "The weather in spring is mild."),
		"B1.md": inSession("B", "Melanie joined a pottery class."),
		"B2.md": inSession("B", "We walked the dog by the river."),
		"Filler 1.md": "Tomatoes need more water in July.",
		"Filler 2.md": "Reading list: a novel about sailing.",
		"Filler 3.md": "Noodles on Tuesday at the corner place.",
	};
	const query = "When does Melanie start her pottery class in spring?";
	const off = parseRecallSettings({ episodes: { weight: 0, diversity: 1 } });
	const on = parseRecallSettings({ episodes: { weight: 1, diversity: 1 } });
	const paths = async (settings: typeof on, files: Record<string, string> = notes) => {
		const { recall } = await setup(files, { settings: () => settings });
		return (await recall.recall(query, { mode: "keyword+graph", readOnly: true })).results.map((hit) => hit.path);
	};

	it("ranks the members of the episode that matches more of the question first", async () => {
		const without = await paths(off);
		const withEpisodes = await paths(on);
		expect(without).toEqual(["B1.md", "A1.md", "A2.md", "A3.md"]);
		expect(withEpisodes).toEqual(["A1.md", "A2.md", "B1.md", "A3.md"]);
	});

	it("spreads the first results over episodes with episode diversity", async () => {
		const diverse = parseRecallSettings({ episodes: { weight: 1, diversity: 0, focus: 0 } });
		const found = await paths(diverse);
		expect(
			found
				.slice(0, 2)
				.map((path) => path[0])
				.sort(),
		).toEqual(["A", "B"]);
	});

	it("does not spread them when one episode leads the rest by more than focus allows", async () => {
		// A's members sum to more than B's, and focus 1 asks for no episode to come within 1 × A.
		const focused = parseRecallSettings({ episodes: { weight: 1, diversity: 0, focus: 1 } });
		expect(await paths(focused)).toEqual(["A1.md", "A2.md", "B1.md", "A3.md"]);
	});

	it("ranks a vault without sessions exactly as with episodes off", async () => {
		const plain = Object.fromEntries(
			Object.entries(notes).map(([path, text]) => [path, text.replace(/^---\n[^]*?\n---\n/, "")]),
		);
		const recallOf = async (settings: typeof on) => {
			const { recall } = await setup(plain, { settings: () => settings });
			return (await recall.recall(query, { mode: "keyword+graph", readOnly: true })).results.map((hit) => [
				hit.path,
				hit.score,
			]);
		};
		const defaults = await recallOf(parseRecallSettings({}));
		expect(defaults.length).toBeGreaterThan(3);
		expect(defaults).toEqual(await recallOf(off));
	});
});
