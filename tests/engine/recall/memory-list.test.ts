import { describe, expect, it } from "vitest";
import { RecallService } from "../../../src/engine/recall/recall-service";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { MemoryVault } from "../../helpers/memory-vault";

const DAY = 86_400_000;
const T0 = 1_700_000_000_000;

/**
 * Notes written on different days (ctime = mtime = the day they were written), with statuses,
 * categories, tags and folders; "Projects/Alpha.md" was recalled on day 9.
 */
async function setup() {
	const vault = new MemoryVault();
	const write = (day: number, path: string, content: string) => {
		vault.now = T0 + day * DAY;
		vault.write(path, content);
	};
	write(
		1,
		"Projects/Alpha.md",
		"---\nmemory_category: decision\ntags: [project/alpha]\n---\nAlpha launch moved to spring.",
	);
	write(2, "Projects/Beta/Notes.md", "---\nmemory_status: dormant\ntags: [project]\n---\nBeta launch is on hold.");
	write(3, "Inbox/Idea.md", "---\nmemory_category: Decision\n---\nIdea: launch a newsletter. #projects");
	write(4, "Inbox/Old.md", "---\nmemory_status: pruned\n---\nA launch we dropped.");
	write(5, "Journal.md", "Nothing about launches today.");
	const recalled = new Map([["Projects/Alpha.md", T0 + 9 * DAY]]);
	const recall = new RecallService({ lastUsedOf: (path) => recalled.get(path) });
	const index = new VaultIndex(vault, { onLoaded: recall.noteLoaded });
	recall.attach(index);
	await index.build();
	return recall;
}

const paths = (hits: { path: string }[]): string[] => hits.map((hit) => hit.path);

describe("listMemories, as RecallService.list (search) calls it", () => {
	it("lists every memory by last use (modified, recalled or opened) for an empty query", async () => {
		const recall = await setup();
		const listed = recall.list("");
		expect(paths(listed)).toEqual([
			"Projects/Alpha.md",
			"Journal.md",
			"Inbox/Old.md",
			"Inbox/Idea.md",
			"Projects/Beta/Notes.md",
		]);
		expect(listed[0]).toMatchObject({
			title: "Alpha",
			category: "decision",
			lastUsed: T0 + 9 * DAY,
			modified: T0 + DAY,
			created: T0 + DAY,
		});
		expect(listed[0].score).toBeUndefined();
		expect(paths(recall.list("", {}, 2))).toEqual(["Projects/Alpha.md", "Journal.md"]);
	});

	it("filters by status, category (any case), folder and below, and tag with its nested tags", async () => {
		const recall = await setup();
		expect(paths(recall.list("", { status: "dormant" }))).toEqual(["Projects/Beta/Notes.md"]);
		expect(paths(recall.list("", { status: ["active", "pruned"] }))).toEqual([
			"Projects/Alpha.md",
			"Journal.md",
			"Inbox/Old.md",
			"Inbox/Idea.md",
		]);
		expect(paths(recall.list("", { category: "DECISION" }))).toEqual(["Projects/Alpha.md", "Inbox/Idea.md"]);
		expect(paths(recall.list("", { folder: "Projects" }))).toEqual(["Projects/Alpha.md", "Projects/Beta/Notes.md"]);
		expect(paths(recall.list("", { folder: "Projects/Beta/" }))).toEqual(["Projects/Beta/Notes.md"]);
		expect(paths(recall.list("", { tag: "#project" }))).toEqual(["Projects/Alpha.md", "Projects/Beta/Notes.md"]);
		expect(paths(recall.list("", { tag: "project/alpha" }))).toEqual(["Projects/Alpha.md"]);
	});

	it("filters by creation time and by last use", async () => {
		const recall = await setup();
		expect(paths(recall.list("", { since: T0 + 4 * DAY }))).toEqual(["Journal.md", "Inbox/Old.md"]);
		expect(paths(recall.list("", { activeSince: T0 + 5 * DAY }))).toEqual(["Projects/Alpha.md", "Journal.md"]);
		expect(paths(recall.list("", { folder: "Inbox", since: T0 + 3 * DAY, status: "active" }))).toEqual([
			"Inbox/Idea.md",
		]);
	});

	it("ranks by keyword score for a query, within the filters, with the matched terms", async () => {
		const recall = await setup();
		const hits = recall.list("launch spring", { folder: "Projects" });
		expect(paths(hits)).toEqual(["Projects/Alpha.md", "Projects/Beta/Notes.md"]);
		expect(hits[0].terms?.sort()).toEqual(["launch", "spring"]);
		expect(hits[0].score).toBeGreaterThan(hits[1].score ?? Infinity);
		expect(paths(recall.list("launch", { status: "pruned" }))).toEqual(["Inbox/Old.md"]);
	});

	it("rejects filters that cannot mean anything, naming the filter and the fix", async () => {
		const recall = await setup();
		expect(() => recall.list("", { status: "sleeping" as never })).toThrow(
			'Search filter "status" has "sleeping"; use one of active, dormant, fading, pruned, core.',
		);
		expect(() => recall.list("", { status: [] })).toThrow(/non-empty list/);
		expect(() => recall.list("", { tag: " " })).toThrow('Search filter "tag" must be a non-empty string.');
		expect(() => recall.list("", { since: "2024-01-01" as never })).toThrow(
			/"since" must be a time in milliseconds since the epoch \(got "2024-01-01"\)/,
		);
		expect(() => recall.list("", {}, 0)).toThrow(/from 1 to 200/);
	});
});
