import { describe, expect, it } from "vitest";
import { frontmatterWithKeys, pathologicalNotes, STAGES } from "../../../bench/pathological-notes";
import { parseNote } from "../../../src/core/parse/parse-note";

// A super-linear regex takes minutes on these inputs (a 100 KB run of "[" took 80 s in the keyword
// stage before the fix); a linear one well under a second. The bound is loose so that a busy
// machine cannot fail it; `npm run bench -- pathological` measures the real times.
const ONE_MB = 1_000_000;
const BOUND_MS = 20_000;

describe("pathological notes are handled in linear time", () => {
	it.each(pathologicalNotes(ONE_MB).map((note) => [note.name, note.content] as const))(
		"%s, 1 MB, through every stage",
		(_name, content) => {
			for (const [stage, run] of Object.entries(STAGES)) {
				const started = performance.now();
				run(content);
				expect(performance.now() - started, stage).toBeLessThan(BOUND_MS);
			}
		},
	);

	it("reads 100,000 frontmatter keys and still finds a duplicate key, in one pass", () => {
		const started = performance.now();
		const parsed = parseNote(frontmatterWithKeys(100_000));
		expect(Object.keys(parsed.frontmatter ?? {})).toHaveLength(100_000);
		expect(performance.now() - started).toBeLessThan(BOUND_MS);
		const duplicated = frontmatterWithKeys(100_000).replace("k99999: 99999", "k5: again");
		expect(parseNote(duplicated).frontmatterError).toMatch(/at line 100001, column 1: Map keys must be unique/);
	});

	it("finds a duplicate key inside a nested mapping too", () => {
		expect(parseNote("---\nouter:\n  a: 1\n  a: 2\n---\n").frontmatterError).toMatch(
			/at line 4, column 3: Map keys must be unique/,
		);
	});
});
