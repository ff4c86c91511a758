import { LEGACY_DEVICE } from "./device-id";

/*
 * File layout of the activity store, per device. `activity-<d>-<g>.log` holds the records device
 * d appended while its generation g was current; `activity-<d>-<g>.snapshot` holds the state
 * folded from d's logs before generation g (the legacy device has no `<d>-`). Compaction starts
 * generation g+1, writes the new snapshot under a name that did not exist, then deletes the
 * older files. Whatever instant a crash hits, the newest readable snapshot plus the logs from
 * its generation on give every record of the device exactly once.
 */

const PATTERN = /^activity-(?:([a-z0-9]{6,32})-)?(\d+)\.(log|snapshot)$/;
const LEFTOVER = /activity-(?:([a-z0-9]{6,32})-)?\d+\.snapshot/;

function prefix(device: string): string {
	return device === LEGACY_DEVICE ? "activity-" : `activity-${device}-`;
}

export function logFileName(generation: number, device: string = LEGACY_DEVICE): string {
	return `${prefix(device)}${generation}.log`;
}

export function snapshotFileName(generation: number, device: string = LEGACY_DEVICE): string {
	return `${prefix(device)}${generation}.snapshot`;
}

export interface StoreFiles {
	/** Generations that have a snapshot, newest first. */
	snapshots: number[];
	/** Generations that have a log, oldest first. */
	logs: number[];
	/** Temp files of interrupted atomic writes of this device's snapshots, safe to delete. */
	leftovers: string[];
}

/** The files of every device found, keyed by device id (the legacy device is ""). */
export function classifyStoreFiles(names: readonly string[]): Map<string, StoreFiles> {
	const devices = new Map<string, StoreFiles>();
	const of = (device: string): StoreFiles => {
		let files = devices.get(device);
		if (!files) devices.set(device, (files = { snapshots: [], logs: [], leftovers: [] }));
		return files;
	};
	for (const name of names) {
		const match = PATTERN.exec(name);
		if (match) {
			const files = of(match[1] ?? LEGACY_DEVICE);
			(match[3] === "log" ? files.logs : files.snapshots).push(Number(match[2]));
			continue;
		}
		const leftover = name.endsWith(".tmp") ? LEFTOVER.exec(name) : null;
		if (leftover) of(leftover[1] ?? LEGACY_DEVICE).leftovers.push(name);
	}
	for (const files of devices.values()) {
		files.snapshots.sort((a, b) => b - a);
		files.logs.sort((a, b) => a - b);
	}
	return devices;
}

export function noStoreFiles(): StoreFiles {
	return { snapshots: [], logs: [], leftovers: [] };
}
