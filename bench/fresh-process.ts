import { spawn } from "node:child_process";

/**
 * Runs this same bench bundle again in a new node process with `args` and returns the JSON it
 * prints on its last stdout line. A fresh process makes a measurement cold (no JIT warm-up, no
 * caches of an earlier run) and gives it its own peak RSS.
 */
export function runInFreshProcess<T>(args: readonly string[]): Promise<T> {
	const script = process.argv[1];
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ["--expose-gc", "--enable-source-maps", script, ...args], {
			stdio: ["ignore", "pipe", "inherit"],
		});
		let stdout = "";
		child.stdout.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => (stdout += chunk));
		child.on("error", reject);
		child.on("exit", (code) => {
			const lastLine = stdout.trim().split("\n").pop() ?? "";
			if (code !== 0) {
				reject(new Error(`bench child ${args.join(" ")} exited with code ${code}`));
				return;
			}
			try {
				resolve(JSON.parse(lastLine) as T);
			} catch {
				reject(new Error(`bench child ${args.join(" ")} printed no JSON result; its output was:\n${stdout}`));
			}
		});
	});
}

/** What a child prints as its result: one JSON line on stdout. */
export function reportToParent(result: unknown): void {
	process.stdout.write(`${JSON.stringify(result)}\n`);
}
