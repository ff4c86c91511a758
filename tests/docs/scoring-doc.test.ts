import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderScoringDoc, SCORING_DOC_PATH } from "../../scripts/generate-scoring-doc";

describe("docs/scoring.md", () => {
	it("matches what the scoring code produces today", () => {
		const committed = readFileSync(new URL(`../../${SCORING_DOC_PATH}`, import.meta.url), "utf8");
		expect(committed, `${SCORING_DOC_PATH} is out of date: run \`npm run docs:scoring\``).toBe(renderScoringDoc());
	});
});
