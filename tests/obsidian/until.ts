import { setTimeout } from "node:timers";
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

/** Polls until `done()` holds (doing `step` between tries), failing after 5 s: for work a command starts without returning it. */
export async function until(done: () => boolean | Promise<boolean>, step: () => Promise<void> = pause): Promise<void> {
	const started = Date.now();
	while (!(await done())) {
		if (Date.now() - started > 5000) throw new Error("condition not reached within 5 s");
		await step();
	}
}
