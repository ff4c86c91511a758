import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCpuHog, type CpuHog } from "../../../bench/soak/cpu-hog";
import { raceEditor } from "../../../bench/soak/editor-race";
import { EDITOR_STYLES, type EditorStyle } from "../../../bench/soak/note-editor";

// Issue 29 items 1 and 9: edits were lost only on a busy machine, about 1 in 2,000. So each
// editor style (its own process, at the lowest priority so that it is descheduled often, also in
// the middle of a save) makes 2,000 edits, 1–3 ms apart, while the agent pins, unpins, links and
// unlinks the note through the headless engine, with two busy processes on the cores.
// The longer soak with figures is `npm run bench -- soak-editors` (bench/soak-editors-bench.ts).

const EDITS = 2000;
/** A race takes 50–180 s beside the hog on 2 cores, longer when the machine does other work too. */
const RACE_TIMEOUT_MS = 420_000;
/**
 * Known limit (docs/vault-writes.md, decision 001): POSIX has no compare-and-swap rename, so a
 * rename-style save made and renamed in the one gap between our last check and our rename is
 * replaced by ours. Beside the hog that happened once in 2,000 (CI, 2026-12-04). The bound
 * catches a return to the losses of a broken protocol (hundreds), not that gap.
 */
const ALLOWED_LOST: Record<EditorStyle, number> = { append: 0, truncate: 0, rename: 5 };

let hog: CpuHog;

beforeAll(() => {
	hog = startCpuHog(2);
});

afterAll(async () => {
	await hog.stop();
});

describe("a user's editor and an agent writing one note beside a CPU hog", () => {
	for (const style of EDITOR_STYLES) {
		const allowed = ALLOWED_LOST[style];
		const claim = allowed === 0 ? "none" : `at most ${allowed}`;
		it(
			`loses ${claim} of ${EDITS} ${style}-style edits and keeps the body, keys and pin`,
			async () => {
				const race = await raceEditor(style, EDITS, 1, 19);
				expect(race.lost.length, `lost ${race.lost.length} of ${EDITS}: ${race.lost.join(", ")}`).toBeLessThanOrEqual(
					allowed,
				);
				expect(race.intact).toBe(true);
				expect(race.pinnedAgrees).toBe(true);
				expect(race.leftovers).toEqual([]);
				expect(race.agentFailures).toEqual([]);
				// Some of the agent's writes must land between bursts of typing, or the race tested nothing.
				expect(race.agentCalls).toBeGreaterThanOrEqual(4);
			},
			RACE_TIMEOUT_MS,
		);
	}
});
