import { describe, expect, it } from "vitest";
import { LINK_SHAPES } from "../../../bench/pathological-notes";
import { extractCues } from "../../../src/core/cues/extract-cues";
import { editFrontmatter } from "../../../src/core/frontmatter/edit-frontmatter";
import { MemoryGraph } from "../../../src/core/graph/memory-graph";
import { readMemorySettings } from "../../../src/core/model/settings";
import { parseNote } from "../../../src/core/parse/parse-note";
import { keywordDocument } from "../../../src/core/recall/keyword/keyword-document";
import { tokenize } from "../../../src/core/recall/keyword/tokenize";

// Each input shape through what indexing a note and `memory_link` on it do in the core: parse, the
// note's edges, cues, the keyword reader, the frontmatter edit that adds a link and the parse and
// edges after it. Work at 4n against work at n: linear work grows 4×, quadratic 16× (before the
// fix, 20,000 links to one target took seconds where 5,000 took a tenth of one). The measure is
// this process's CPU time (not wall time, which other processes stretch), the least of three
// interleaved runs, and the bound sits halfway: a loaded machine cannot fail it, a quadratic
// stage cannot pass it. Real times: `npm run bench -- pathological --tables links`.
const N = 4000;
const RUNS = 3;
const MAX_GROWTH = 9;

const { edgeKeys } = readMemorySettings(null).settings.index;

function indexAndLink(content: string): MemoryGraph {
	const graph = new MemoryGraph({ edgeKeys });
	graph.setNote({ path: "Target.md", mtime: 1, ctime: 1, size: 6, parsed: parseNote("target") });
	graph.setNote({ path: "Other.md", mtime: 1, ctime: 1, size: 5, parsed: parseNote("other") });
	const parsed = parseNote(content);
	graph.setNote({ path: "Big.md", mtime: 1, ctime: 1, size: content.length, parsed });
	extractCues({ content, parsed, ctime: 0 }, "Big");
	tokenize(keywordDocument("Big.md", content, parsed, { maxBodyChars: content.length }).body);
	const edit = editFrontmatter(content, () => ({ caused_by: ["[[Other]]"] }));
	if (!edit.ok) throw new Error(edit.error);
	graph.setNote({ path: "Big.md", mtime: 2, ctime: 1, size: edit.content.length, parsed: parseNote(edit.content) });
	return graph;
}

function cpuMs(work: () => unknown): number {
	const before = process.cpuUsage();
	work();
	const { user, system } = process.cpuUsage(before);
	return (user + system) / 1000;
}

describe("indexing a note and linking it take time linear in what it holds", () => {
	indexAndLink(LINK_SHAPES["keys of one link"](200) + LINK_SHAPES["same link, lines"](200));

	it.each(Object.keys(LINK_SHAPES))(
		"%s",
		(shape) => {
			const small = LINK_SHAPES[shape](N);
			const large = LINK_SHAPES[shape](4 * N);
			const times = { small: Infinity, large: Infinity };
			for (let run = 0; run < RUNS; run++) {
				times.small = Math.min(
					times.small,
					cpuMs(() => indexAndLink(small)),
				);
				times.large = Math.min(
					times.large,
					cpuMs(() => indexAndLink(large)),
				);
			}
			// A few milliseconds of CPU are mostly noise; a quadratic stage is far above that at 4n.
			const growth = times.large / Math.max(times.small, 10);
			expect(growth, `${N}: ${times.small.toFixed(0)} ms of CPU, ${4 * N}: ${times.large.toFixed(0)} ms`).toBeLessThan(
				MAX_GROWTH,
			);
			const edges = indexAndLink(large).outEdges("Big.md");
			expect(edges.find((edge) => edge.target === "Other.md")?.type).toBe("caused_by");
		},
		120_000,
	);

	it("states an edge written 16,000 times in one place once, with one provenance", () => {
		for (const shape of ["list of one link", "same link, lines", "one line of links", "embeds", "heading links"]) {
			const toTarget = indexAndLink(LINK_SHAPES[shape](4 * N))
				.outEdges("Big.md")
				.filter((edge) => edge.target === "Target.md");
			expect(
				toTarget.map((edge) => [edge.type, edge.provenance.length]),
				shape,
			).toEqual([["related_to", 1]]);
		}
	});
});
