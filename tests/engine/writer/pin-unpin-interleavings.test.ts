import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { frontmatterStatus } from "../../../src/engine/maintenance/frontmatter-sync";
import { frontmatterOf, stopEngines, writerHarness } from "./writer-harness";

const NOTES = 20;
/** 125 batches of 1–15 calls started together: 700–1,000 calls in random interleavings. */
const RUNS = 125;
const TYPES = ["caused_by", "related_to", "supports"] as const;
const pathOf = (n: number) => `Memory/N${n}.md`;

afterEach(async () => {
	await stopEngines();
});

type Op =
	| { kind: "pin" | "unpin"; note: number }
	| { kind: "link"; note: number; target: number; type: number }
	| { kind: "pass" };

const op: fc.Arbitrary<Op> = fc.oneof(
	fc.record({ kind: fc.constantFrom("pin" as const, "unpin" as const), note: fc.nat(NOTES - 1) }),
	fc.record({
		kind: fc.constant("link" as const),
		note: fc.nat(NOTES - 1),
		target: fc.nat(NOTES - 1),
		type: fc.nat(TYPES.length - 1),
	}),
	fc.constant({ kind: "pass" as const }),
);

describe("pin, unpin, link and maintenance interleaved on 20 notes (issue 12.2)", () => {
	it("125 batches (about 800 calls) in random interleavings end with every file's memory_* keys equal to the engine's state", async () => {
		const notes: Record<string, string> = {};
		for (let n = 0; n < NOTES; n++)
			notes[pathOf(n)] = `---\nmemory_source: mcp\nmemory_created: 2024-06-01\n---\nNote ${n}.\n`;
		const h = await writerHarness(notes);
		const pinned = new Map<number, boolean>();
		const links = new Set<string>();

		let calls = 0;
		await fc.assert(
			fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 15 }), async (ops) => {
				// Every call starts before any has finished: the writer, the status sync and the index interleave.
				const started = ops.map((o) => {
					if (o.kind === "pass") return h.engine.maintenance.runPass();
					if (o.kind === "pin") return h.engine.writer.pin(pathOf(o.note));
					if (o.kind === "unpin") return h.engine.writer.unpin(pathOf(o.note));
					if (o.kind !== "link" || o.note === o.target) return Promise.resolve();
					return h.engine.writer.link(pathOf(o.note), pathOf(o.target), TYPES[o.type] ?? "related_to");
				});
				calls += ops.length;
				const results = await Promise.allSettled(started);
				for (const result of results) if (result.status === "rejected") throw result.reason;
				for (const o of ops) {
					if (o.kind === "pin" || o.kind === "unpin") pinned.set(o.note, o.kind === "pin");
					if (o.kind === "link" && o.note !== o.target) links.add(`${o.note}>${o.target}>${o.type}`);
				}
				await h.engine.maintenance.settled();

				for (let n = 0; n < NOTES; n++) {
					const path = pathOf(n);
					const frontmatter = frontmatterOf(h.vault, path);
					const want = pinned.get(n) ?? false;
					expect(frontmatter.memory_pinned === true, `${path} memory_pinned`).toBe(want);
					expect(h.engine.index.graph.node(path)?.memory.pinned, `${path} pinned in the index`).toBe(want);
					expect(frontmatter.memory_status, `${path} memory_status`).toBe(
						frontmatterStatus(h.engine.maintenance.statusOf(path)),
					);
					if (want) expect(h.engine.maintenance.statusOf(path), `${path} is pinned, so core`).toBe("core");
				}
				for (const link of links) {
					const [source, target, type] = link.split(">").map(Number);
					const list = frontmatterOf(h.vault, pathOf(source ?? 0))[TYPES[type ?? 0] ?? ""];
					expect(list, link).toContain(`[[N${target}]]`);
				}
			}),
			{ numRuns: RUNS, seed: 20261201 },
		);
		expect(calls).toBeGreaterThan(600);
	}, 120_000);
});
