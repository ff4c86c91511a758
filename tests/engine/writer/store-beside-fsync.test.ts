import { afterEach, describe, expect, it, vi } from "vitest";
import type { VaultFile } from "../../../src/core/model/vault";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import { ForwardingVault } from "../../helpers/forwarding-vault";
import { MemoryVault } from "../../helpers/memory-vault";
import { NOW, startEngine, stopEngines, testSettings } from "./writer-harness";

afterEach(stopEngines);

/**
 * A vault whose writes become durable only when the test says so (the fsync of FsVault), and
 * which can fail that step, removing the note as FsVault does.
 */
class GatedVault extends ForwardingVault {
	readonly events: string[] = [];
	engine: MemoryEngine | null = null;
	private release = () => {};
	private gate = Promise.resolve();
	failDurable = false;

	constructor(readonly memory: MemoryVault) {
		super(memory);
	}

	hold(): void {
		this.gate = new Promise((resolve) => (this.release = resolve));
	}

	letGo(): void {
		this.release();
	}

	override createNote = async (
		path: string,
		content: string,
		whileSyncing?: (file: VaultFile) => Promise<void>,
	): Promise<VaultFile> => {
		const file = await this.memory.createNote(path, content);
		this.events.push("written");
		const beside = whileSyncing?.(file).then(() => {
			this.events.push(`indexed while syncing: ${this.engine?.index.graph.hasNote(path) ?? false}`);
		});
		await this.gate;
		await beside;
		if (this.failDurable) {
			this.memory.delete(path);
			throw new Error("EIO: i/o error, fsync");
		}
		this.events.push("durable");
		return file;
	};
}

async function gatedEngine() {
	const memory = new MemoryVault({ "Billing.md": "Invoices are sent on the first day of the month." });
	memory.now = NOW;
	const vault = new GatedVault(memory);
	const { engine } = await startEngine(vault, testSettings(), { follow: false });
	vault.engine = engine;
	return { engine, vault, memory };
}

describe("memory_store indexes the new note while the write is made durable", () => {
	it("indexes during the fsync and answers only once the note is durable", async () => {
		const { engine, vault } = await gatedEngine();
		vault.hold();
		let answered = false;
		const storing = engine.writer.store({ content: "Invoices failed to send on the first of June." }).then((result) => {
			answered = true;
			return result;
		});
		await vi.waitFor(() => expect(vault.events).toContain("indexed while syncing: true"));
		expect(answered).toBe(false);
		vault.letGo();
		const result = await storing;
		expect(vault.events).toEqual(["written", "indexed while syncing: true", "durable"]);
		const hits = await engine.recall("invoices failed June", { readOnly: true });
		expect(hits.results[0]?.path).toBe(result.nodeId);
	});

	it("takes the note out of the index again when the write fails after all", async () => {
		const { engine, vault, memory } = await gatedEngine();
		vault.failDurable = true;
		await expect(engine.writer.store({ content: "Invoices failed to send on the first of June." })).rejects.toThrow(
			/Could not create the memory note "Memory\/Invoices failed to send on the first of June\.md": EIO: i\/o error, fsync/,
		);
		expect(vault.events).toEqual(["written", "indexed while syncing: true"]);
		expect(memory.content("Memory/Invoices failed to send on the first of June.md")).toBeUndefined();
		expect(engine.index.graph.hasNote("Memory/Invoices failed to send on the first of June.md")).toBe(false);
		const hits = await engine.recall("invoices failed June", { readOnly: true });
		expect(hits.results.map((hit) => hit.path)).toEqual(["Billing.md"]);
	});
});
