import { afterEach, describe, expect, it } from "vitest";
import { bagOfWordsEmbedder } from "../../helpers/bag-of-words-embedder";
import { refusal, snapshot, stopEngines, writerHarness } from "./writer-harness";

afterEach(stopEngines);

const FACT =
	"The nightly billing export job exhausts the Postgres connection pool when the invoice batch runs late on Mondays.";
const UNRELATED = {
	"Garden.md": "Tomatoes need more water in July.",
	"Lunch.md": "Noodles on Tuesday at the corner place.",
};

describe("storing what is already stored", () => {
	it("returns the existing memory as duplicate_of and writes nothing, for the same words however written", async () => {
		const h = await writerHarness(UNRELATED);
		const first = await h.engine.writer.store({ content: FACT });
		const before = snapshot(h.vault);
		const again = await h.engine.writer.store({ content: `**${FACT.toUpperCase()}**`, title: "Another title" });
		expect(again).toEqual({
			nodeId: first.nodeId,
			status: "duplicate",
			duplicateOf: first.nodeId,
			possibleConflicts: [],
			autoLinks: [],
		});
		expect(snapshot(h.vault)).toEqual(before);
	});

	it("finds a user's note with the same text too, even among many notes sharing its words", async () => {
		const similar = Object.fromEntries(
			Array.from({ length: 30 }, (_, i) => [
				`Ops/Export ${i}.md`,
				`${FACT} Note ${i}: the export job, billing, Postgres, connection pool.`,
			]),
		);
		const h = await writerHarness({ ...UNRELATED, ...similar, "Ops/Pool.md": FACT });
		const result = await h.engine.writer.store({ content: FACT });
		expect(result).toMatchObject({ status: "duplicate", duplicateOf: "Ops/Pool.md" });
	});

	it("treats a near duplicate the same way, but stores a changed number or a negation", async () => {
		const h = await writerHarness(UNRELATED);
		const first = await h.engine.writer.store({ content: FACT });
		const near = await h.engine.writer.store({ content: FACT.replace("runs late", "runs very late") });
		expect(near).toMatchObject({ status: "duplicate", duplicateOf: first.nodeId });
		const changed = await h.engine.writer.store({ content: FACT.replace("Mondays", "Mondays at 3 am") });
		expect(changed.status).toBe("stored");
		const negated = await h.engine.writer.store({ content: FACT.replace("exhausts", "no longer exhausts") });
		expect(negated.status).toBe("stored");
	});

	it("stores a second copy when allow_duplicate is set, under a name of its own", async () => {
		const h = await writerHarness(UNRELATED);
		const first = await h.engine.writer.store({ content: FACT, title: "Pool exhausted" });
		const second = await h.engine.writer.store({ content: FACT, title: "Pool exhausted", allowDuplicate: true });
		expect(second).toMatchObject({ nodeId: "Memory/Pool exhausted 2.md", status: "stored" });
		expect(second.duplicateOf).toBeUndefined();
		expect(h.vault.content(first.nodeId)).toContain(FACT);
		const refused = await refusal(() => h.engine.writer.store({ content: "x", allowDuplicate: "yes" as never }));
		expect(refused).toMatchObject({
			field: "allow_duplicate",
			message: "allow_duplicate must be true or false (got string).",
		});
	});

	it("finds duplicates with embeddings ready too", async () => {
		const h = await writerHarness(UNRELATED);
		await h.engine.useEmbedder(bagOfWordsEmbedder());
		const first = await h.engine.writer.store({ content: FACT });
		expect(await h.engine.writer.store({ content: FACT })).toMatchObject({
			status: "duplicate",
			duplicateOf: first.nodeId,
		});
	});
});
