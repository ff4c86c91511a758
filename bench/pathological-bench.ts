// `npm run bench -- pathological [--size BYTES]`: how long each indexing and store stage takes on
// notes built to trigger super-linear regexes or checks (bench/pathological-notes.ts). Target:
// every 1 MB note through every stage in under a second.
import { parseFlags } from "./flags";
import { pathologicalNotes, STAGES } from "./pathological-notes";
import { formatTable } from "./table";

function main(): void {
	const size = parseFlags().number("size", 1_000_000);
	const stages = Object.entries(STAGES);
	const rows = pathologicalNotes(size).map(({ name, content }) => {
		const times = stages.map(([, stage]) => {
			const started = performance.now();
			stage(content);
			return Math.round(performance.now() - started);
		});
		return [name, ...times, Math.max(...times)];
	});
	rows.sort((a, b) => Number(b.at(-1)) - Number(a.at(-1)));
	process.stdout.write(`${formatTable(["note", ...stages.map(([name]) => `${name} ms`), "max ms"], rows)}\n`);
	const slowest = Number(rows[0].at(-1));
	process.stdout.write(`\n${rows.length} notes of ${size} bytes; slowest stage ${slowest} ms (target < 1000 ms)\n`);
}

main();
