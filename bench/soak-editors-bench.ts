/**
 * Soak for issue 29 items 1 and 9: a user's editor and an agent writing the same note, beside a
 * CPU hog. For each editor style (`>>` append, `>` truncate then write in two parts, temp file +
 * rename) it runs `--runs` races of `--edits` edits `--pause` to `--pause`+2 ms apart while the
 * agent pins, unpins, links and unlinks the note through the headless engine, with `--hog` busy
 * processes on the cores, and counts the user's edits missing from the note at the end.
 *
 *   npm run bench -- soak-editors [--styles append,truncate,rename] [--runs 4] [--edits 600]
 *     [--pause 5] [--hog 2] [--nice 0]
 *
 * `--nice 19` runs the editor at the lowest priority, so beside the hog it is descheduled often
 * and for long, also between opening the note and writing it: more of its writes land in a file
 * a swap replaced.
 *
 * The exit code is 1 when an edit was lost, the body or memory keys were damaged, the file and
 * the engine disagree on the pin, or a temp file was left.
 */
import { loadavg } from "node:os";
import { parseFlags } from "./flags";
import { formatTable } from "./table";
import { startCpuHog } from "./soak/cpu-hog";
import { raceEditor, type EditorRace } from "./soak/editor-race";
import { EDITOR_STYLES, type EditorStyle } from "./soak/note-editor";
import { printLine } from "../src/node/cli/terminal";

const flags = parseFlags();
const styles = (flags.text("styles") ?? EDITOR_STYLES.join(",")).split(",") as EditorStyle[];
for (const style of styles)
	if (!EDITOR_STYLES.includes(style))
		throw new Error(`--styles: unknown style "${style}"; use ${EDITOR_STYLES.join(", ")}`);
const runs = flags.number("runs", 4);
const edits = flags.number("edits", 600);
const pauseMs = flags.number("pause", 5);
const hogProcesses = flags.number("hog", 2);
const nice = flags.number("nice", 0);

const hog = startCpuHog(hogProcesses);
const rows: (string | number)[][] = [];
const missed: string[] = [];
try {
	const load = loadavg()[0];
	for (const style of styles) {
		const races: EditorRace[] = [];
		for (let run = 0; run < runs; run++) {
			const race = await raceEditor(style, edits, pauseMs, nice);
			races.push(race);
			printLine(
				`${style} run ${run + 1}/${runs}: lost ${race.lost.length} of ${edits}${race.lost.length ? ` (${lostList(race.lost)})` : ""}, agent calls ${race.agentCalls}, ${race.seconds.toFixed(1)} s`,
			);
		}
		const lost = races.flatMap((race) => race.lost);
		const failures = races.flatMap((race) => race.agentFailures);
		rows.push([
			style,
			runs,
			runs * edits,
			lost.length,
			races.filter((race) => race.lost.length > 0).length,
			races.reduce((sum, race) => sum + race.agentCalls, 0),
			failures.length,
			races.every((race) => race.intact) ? "yes" : "NO",
			races.every((race) => race.pinnedAgrees) ? "yes" : "NO",
			races.reduce((sum, race) => sum + race.leftovers.length, 0),
			races.reduce((sum, race) => sum + race.seconds, 0).toFixed(0),
		]);
		if (lost.length > 0) missed.push(`${style}: lost ${lost.length} of ${runs * edits} edits`);
		if (!races.every((race) => race.intact)) missed.push(`${style}: the body or memory keys were damaged`);
		if (!races.every((race) => race.pinnedAgrees)) missed.push(`${style}: file and engine disagree on the pin`);
		if (races.some((race) => race.leftovers.length > 0)) missed.push(`${style}: temp files left`);
		for (const failure of new Set(failures)) printLine(`${style}: agent call failed: ${failure}`);
	}
	printLine();
	printLine(
		`${edits} edits a run, ${pauseMs}–${pauseMs + 2} ms apart, ${hogProcesses} busy processes, editor nice ${nice}, load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`,
	);
	printLine(
		formatTable(
			[
				"style",
				"runs",
				"edits",
				"lost",
				"runs losing",
				"agent calls",
				"agent failed",
				"body intact",
				"pin agrees",
				"temp left",
				"s",
			],
			rows,
		),
	);
} finally {
	await hog.stop();
}
/** The first lost edits' numbers, and how many more. */
function lostList(lost: number[]): string {
	const shown = lost.slice(0, 12).join(", ");
	return lost.length > 12 ? `${shown} and ${lost.length - 12} more` : shown;
}

for (const reason of missed) printLine(`MISSED: ${reason}`);
process.exitCode = missed.length > 0 ? 1 : 0;
