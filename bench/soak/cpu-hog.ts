import { spawn, type ChildProcess } from "node:child_process";

/** Busy processes beside a race, so its threads are preempted as on a loaded machine. */
export interface CpuHog {
	/** Kills every busy process and waits until each has exited. */
	stop(): Promise<void>;
}

/**
 * Starts `processes` node processes that spin forever (one per core pins both cores of a 2-core
 * machine). They are killed by `stop`, and by the exit of this process if it never calls it.
 */
export function startCpuHog(processes: number): CpuHog {
	const children: ChildProcess[] = [];
	const killAll = (): void => {
		for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
	};
	process.once("exit", killAll);
	for (let i = 0; i < processes; i++) children.push(spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
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
