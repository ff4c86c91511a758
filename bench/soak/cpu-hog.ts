import { spawn, type ChildProcess } from "node:child_process";

/** Busy processes beside a race, so its threads are preempted as on a loaded machine. */
export interface CpuHog {
	/** Kills every busy process and waits until each has exited. */
	stop(): Promise<void>;
}

/** Spins, and stops once its parent is gone (a parent killed by a signal runs no exit handler). */
const SPIN = `const parent = Number(process.argv[1]);
for (let i = 1; ; i++) if (i % 2 ** 26 === 0) try { process.kill(parent, 0); } catch { process.exit(0); }`;

/**
 * Starts `processes` node processes that spin forever (one per core pins both cores of a 2-core
 * machine). They are killed by `stop`, by the exit of this process if it never calls it, and
 * stop by themselves when this process is gone.
 */
export function startCpuHog(processes: number): CpuHog {
	const children: ChildProcess[] = [];
	const killAll = (): void => {
		for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
	};
	process.once("exit", killAll);
	for (let i = 0; i < processes; i++)
		children.push(spawn(process.execPath, ["-e", SPIN, String(process.pid)], { stdio: "ignore" }));
	return {
		async stop() {
			const exits = children.map(
				(child) =>
					new Promise<void>((resolve) => {
						if (child.exitCode !== null || child.signalCode !== null) resolve();
						else child.once("exit", () => resolve());
					}),
			);
			killAll();
			await Promise.all(exits);
			process.removeListener("exit", killAll);
		},
	};
}
