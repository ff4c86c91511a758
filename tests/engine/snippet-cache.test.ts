import { describe, expect, it } from "vitest";
import type { MemoryNodeAttributes } from "../../src/core/graph/types";
import { SnippetCache } from "../../src/engine/snippet-cache";

function node(path: string, mtime: number, size: number): MemoryNodeAttributes {
	return { path, title: path, folder: "", aliases: [], tags: [], mtime, ctime: 0, size, memory: { pinned: false } };
}

describe("SnippetCache", () => {
	it("reads a note once while its mtime and size stay, again after either changes", async () => {
		const cache = new SnippetCache();
		const reads: string[] = [];
		const read = (text: string) => async () => {
			reads.push(text);
			return text;
		};
		expect(await cache.get(node("a.md", 1, 10), read("first   version\nof a"))).toBe("first version of a");
		expect(await cache.get(node("a.md", 1, 10), read("not read"))).toBe("first version of a");
		expect(await cache.get(node("a.md", 2, 10), read("second"))).toBe("second");
		expect(await cache.get(node("a.md", 2, 11), read("third"))).toBe("third");
		expect(reads).toEqual(["first   version\nof a", "second", "third"]);
	});

	it("keeps the most recently used notes within its capacity and never caches a failed read", async () => {
		const cache = new SnippetCache(2);
		let reads = 0;
		const read = async () => {
			reads++;
			return "text";
		};
		await cache.get(node("a.md", 1, 1), read);
		await cache.get(node("b.md", 1, 1), read);
		await cache.get(node("a.md", 1, 1), read);
		await cache.get(node("c.md", 1, 1), read);
		expect(reads).toBe(3);
		await cache.get(node("a.md", 1, 1), read);
		expect(reads).toBe(3);
		await cache.get(node("b.md", 1, 1), read);
		expect(reads).toBe(4);

		expect(await cache.get(node("gone.md", 1, 1), async () => null)).toBeNull();
		expect(await cache.get(node("gone.md", 1, 1), async () => "back")).toBe("back");
	});

	it("cuts a long body to a flat snippet without flattening all of it", async () => {
		const cache = new SnippetCache();
		const long = `${"word ".repeat(100)}\n\n${"tail ".repeat(100_000)}`;
		const snippet = await cache.get(node("long.md", 1, long.length), async () => long);
		expect(snippet).toHaveLength(280);
		expect(snippet?.endsWith("…")).toBe(true);
		expect(snippet?.startsWith("word word")).toBe(true);
	});
});
