import { describe, expect, it } from "vitest";
import type { LoadedNote } from "../../../src/core/model/vault";
import { parseNote } from "../../../src/core/parse/parse-note";
import { LiveKeywordIndex } from "../../../src/engine/recall/live-keyword-index";

const note = (path: string, content: string, mtime = 1): LoadedNote => ({
	file: { path, mtime, ctime: 0, size: content.length },
	content,
	parsed: parseNote(content),
});
const found = (live: LiveKeywordIndex, query: string): string[] => live.index.match(query).map((hit) => hit.id);

describe("LiveKeywordIndex", () => {
	it("indexes every note read and counts each change, so a host saves the cache only after one", () => {
		const live = new LiveKeywordIndex(undefined, {});
		live.noteRead(note("Porto.md", "Flights to Porto."));
		live.noteRead(note("Lisbon.md", "Trains to Lisbon."));
		expect(found(live, "porto")).toEqual(["Porto.md"]);
		expect(live.version).toBe(2);
		live.rename("Porto.md", "Trip.md");
		live.remove("Lisbon.md");
		expect(found(live, "porto")).toEqual(["Trip.md"]);
		expect(found(live, "lisbon")).toEqual([]);
		expect(live.version).toBe(4);
	});

	it("skips a cached note read at the stamp it was cached with, once; a digest can stand for it instead", () => {
		const cached = new LiveKeywordIndex(undefined, {});
		cached.noteRead(note("Porto.md", "Flights to Porto.", 5));
		cached.noteRead(note("Lisbon.md", "Trains to Lisbon.", 5));
		const live = new LiveKeywordIndex(cached.index, undefined);
		live.noteRead(note("Porto.md", "Flights to Porto.", 5));
		expect(live.version).toBe(0);
		live.noteRead(note("Porto.md", "Flights to Porto.", 5));
		expect(live.version).toBe(1);
		expect(live.takeCachedUnread("Lisbon.md", "6:17")).toBe(false);
		expect(live.takeCachedUnread("Lisbon.md", "5:17")).toBe(true);
		expect(live.takeCachedUnread("Lisbon.md", "5:17")).toBe(false);
	});

	it("re-indexes into a fresh index from the build's first read, partial until a build succeeds", async () => {
		const live = new LiveKeywordIndex(undefined, {});
		live.noteRead(note("Porto.md", "Flights to Porto."));
		live.noteRead(note("Lisbon.md", "Trains to Lisbon."));
		const before = live.index;
		await expect(
			live.reindex(() => {
				expect(live.index).toBe(before);
				live.noteRead(note("Porto.md", "Flights to Porto."));
				expect(live.index).not.toBe(before);
				expect(found(live, "lisbon")).toEqual([]);
				return Promise.reject(new Error("the vault went away"));
			}),
		).rejects.toThrow("the vault went away");
		expect(live.incomplete).toBe(true);
		await live.reindex(async () => {
			live.noteRead(note("Porto.md", "Flights to Porto."));
			live.noteRead(note("Lisbon.md", "Trains to Lisbon."));
			return Promise.resolve();
		});
		expect(live.incomplete).toBe(false);
		expect(found(live, "lisbon")).toEqual(["Lisbon.md"]);
	});

	it("takes changed settings at once while empty, otherwise from the next re-index", async () => {
		const live = new LiveKeywordIndex(undefined, {});
		live.useSettings({ stopWords: ["flights"] });
		live.noteRead(note("Porto.md", "Flights to Porto."));
		expect(found(live, "flights")).toEqual([]);
		live.useSettings({ stopWords: [] });
		expect(found(live, "flights")).toEqual([]);
		await live.reindex(() => {
			live.noteRead(note("Porto.md", "Flights to Porto."));
			return Promise.resolve();
		});
		expect(found(live, "flights")).toEqual(["Porto.md"]);
	});
});
