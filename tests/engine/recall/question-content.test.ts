import { afterEach, describe, expect, it } from "vitest";
import { stopEngines, writerHarness } from "../writer/writer-harness";

afterEach(stopEngines);

describe("the words that shape a question are not matched", () => {
	it("answers 'what kind of art' with the art, not with kind words", async () => {
		const h = await writerHarness({
			"Memory/Thanks.md": "Thanks, your kind words mean a lot to me.",
			"Memory/Abstract.md": "I make abstract art about identity with acrylics on large canvases every weekend.",
			"Memory/Show.md": "The art show opens on Friday.",
			"Memory/Gallery.md": "The gallery sells art prints.",
		});
		const recall = await h.engine.recall("What kind of art do I make?", { mode: "keyword+graph", readOnly: true });
		expect(recall.results[0].path).toBe("Memory/Abstract.md");
		expect(recall.results.map((hit) => hit.path)).not.toContain("Memory/Thanks.md");
	});
});
