import { generateVault } from "./generate-vault";
import { parseFlags } from "./flags";
import { formatTable } from "./table";
import { printLine } from "../src/node/cli/terminal";

/** `npm run bench -- generate --notes 10000 --seed 1 --out DIR` */
async function main(): Promise<void> {
	const flags = parseFlags();
	const out = flags.text("out");
	if (out === undefined) throw new Error("generate: --out DIR is required (an empty or missing folder)");
	const notes = flags.number("notes", 1000);
	const seed = flags.number("seed", 1);
	const started = performance.now();
	const cpuBefore = process.cpuUsage();
	const stats = await generateVault({ notes, seed, dir: out });
	const seconds = (performance.now() - started) / 1000;
	const cpu = process.cpuUsage(cpuBefore);
	const counts: Record<string, number> = { ...stats };
	printLine(`Generated ${stats.notes} notes with seed ${seed} in ${out}\n`);
	printLine(
		formatTable(
			["measure", "value"],
			[
				...Object.entries(counts),
				["seconds", Number(seconds.toFixed(2))],
				["cpu seconds", Number(((cpu.user + cpu.system) / 1e6).toFixed(2))],
				["notes/s", Math.round(stats.notes / seconds)],
				["MB/s", Number((stats.bytes / 1e6 / seconds).toFixed(1))],
			],
		),
	);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exitCode = 1;
});
