import { afterEach, describe, expect, it, vi } from "vitest";
import { parseFrontmatter } from "../../../src/core/parse/frontmatter";
import { MemoryVault } from "../../helpers/memory-vault";
import { NOW, startEngine, stopEngines, testSettings } from "./writer-harness";

vi.mock("../../../src/core/parse/frontmatter", async (importOriginal) => {
	const actual = await importOriginal<typeof import("../../../src/core/parse/frontmatter")>();
	return { ...actual, parseFrontmatter: vi.fn(actual.parseFrontmatter) };
});

afterEach(stopEngines);

describe("memory_store", () => {
	it("indexes the new note without parsing the frontmatter it has just written", async () => {
		const vault = new MemoryVault({ "Billing.md": "---\ntags: [billing]\n---\nInvoices go out monthly." });
		vault.now = NOW;
		const { engine } = await startEngine(vault, testSettings(), { follow: false });
		const parsed = vi.mocked(parseFrontmatter);
		parsed.mockClear();
		const stored = await engine.writer.store({
			content: "Invoices failed to send on the first of June.",
			category: "incident",
			tags: ["billing"],
			sourceSession: "call 7",
		});
		expect(parsed).not.toHaveBeenCalled();
		expect(engine.index.graph.node(stored.nodeId)?.memory).toMatchObject({
			source: "mcp",
			category: "incident",
			session: "call 7",
		});
		expect(engine.index.graph.node(stored.nodeId)?.tags).toEqual(["#billing"]);
	});
});
