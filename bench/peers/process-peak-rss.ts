import { readFileSync } from "node:fs";

/**
 * Another process's peak resident set size in bytes: the kernel's high-water mark (VmHWM in
 * /proc/PID/status), so a peak between two samples is not missed. Undefined off Linux or once
 * the process is gone.
 */
export function processPeakRss(pid: number | null | undefined): number | undefined {
	if (pid === null || pid === undefined) return undefined;
	try {
		const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
		return kb === undefined ? undefined : Number(kb) * 1024;
	} catch {
		return undefined;
	}
}
