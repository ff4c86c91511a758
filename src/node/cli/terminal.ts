/** Output of the headless CLI, benchmarks and scripts: whole lines to stdout or stderr, no console. */
export function printLine(text = ""): void {
	process.stdout.write(`${text}\n`);
}

export function printError(text: string): void {
	process.stderr.write(`${text}\n`);
}
