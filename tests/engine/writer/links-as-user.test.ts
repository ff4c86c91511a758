import { afterEach, describe, expect, it } from "vitest";
import { MemoryError } from "../../../src/core/model/memory-error";
import { MemoryVault } from "../../helpers/memory-vault";
import { startEngine, stopEngines, testSettings } from "./writer-harness";

afterEach(stopEngines);

// Outside the memory folder: MCP may not change these notes' links (memory keys on other notes are off by default).
const NOTES = {
	"Journal/Outage.md": "The API was down.",
	"Journal/Deploy.md": "Friday deploy.",
	"Memory/Pool limit.md": "---\nmemory_source: mcp\nmemory_pinned: true\n---\nKeep the pool at 40.",
};

async function refusal(attempt: Promise<unknown>): Promise<{ message: string; field: string | null }> {
	const error = await attempt.then(
		() => null,
		(reason: unknown) => reason,
	);
	if (!(error instanceof MemoryError)) throw new Error(`expected a MemoryError, got ${String(error)}`);
	return { message: error.message, field: error.field };
}

describe("the user's own link, unlink and delete", () => {
	it("link and unlink any notes the user has, where MCP is refused", async () => {
		const vault = new MemoryVault(NOTES);
		const { engine } = await startEngine(vault, testSettings());
		expect((await refusal(engine.writer.link("Journal/Outage.md", "Journal/Deploy.md", "caused_by"))).field).toBe(
			"source",
		);
		const linked = await engine.writer.linkAsUser(
			"Journal/Outage.md",
			"Journal/Deploy.md",
			"caused_by",
			() => "Deploy",
		);
		expect(linked).toEqual({
			source: "Journal/Outage.md",
			target: "Journal/Deploy.md",
			type: "caused_by",
			created: true,
		});
		expect(vault.content("Journal/Outage.md")).toBe('---\ncaused_by:\n  - "[[Deploy]]"\n---\nThe API was down.');
		expect((await engine.writer.linkAsUser("Journal/Outage.md", "Journal/Deploy.md", "caused_by")).created).toBe(false);
		expect(await engine.writer.unlinkAsUser("Journal/Outage.md", "Journal/Deploy.md", "caused_by")).toEqual({
			source: "Journal/Outage.md",
			target: "Journal/Deploy.md",
			type: "caused_by",
			removed: 1,
			stillLinkedBy: [],
		});
		expect(vault.content("Journal/Outage.md")).toBe("The API was down.");
	});

	it("refuse self-links, unknown types and missing targets with memory_link's messages", async () => {
		const { engine } = await startEngine(
			new MemoryVault(NOTES),
			testSettings({ mcp: { allowMemoryKeysOnOtherNotes: true } }),
		);
		const cases: [string, string, string][] = [
			["Journal/Outage.md", "Journal/Outage.md", "caused_by"],
			["Journal/Outage.md", "Journal/Deploy.md", "causes"],
			["Journal/Outage.md", "Journal/Missing.md", "caused_by"],
		];
		for (const [source, target, type] of cases) {
			const mcp = await refusal(engine.writer.link(source, target, type));
			expect(await refusal(engine.writer.linkAsUser(source, target, type)), `${target} ${type}`).toEqual(mcp);
		}
		expect((await refusal(engine.writer.link("Journal/Outage.md", "Journal/Outage.md", "caused_by"))).message).toBe(
			'source and target are the same memory ("Journal/Outage.md"); a memory cannot link to itself.',
		);
	});

	it("deletes any note the user picks, pinned or not, saying what it orphaned", async () => {
		const vault = new MemoryVault({
			...NOTES,
			"Journal/Deploy.md": '---\nsupports: "[[Outage]]"\n---\nFriday deploy.',
		});
		const { engine } = await startEngine(vault, testSettings());
		const deleted = await engine.writer.deleteAsUser("Journal/Outage.md");
		expect(deleted).toMatchObject({
			nodeId: "Journal/Outage.md",
			orphaned: ["Journal/Deploy.md"],
			impact: "Removing this leaves 1 memory without a supporting link: Deploy.",
		});
		expect(vault.content("Journal/Outage.md")).toBeUndefined();
		expect((await engine.writer.deleteAsUser("Memory/Pool limit.md")).deleted).toBe(true);
	});
});
