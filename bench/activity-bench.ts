/**
 * Activity store throughput: appends per second with group commit at several numbers of
 * records in flight (fsync on), then 1M records folded by one compaction, and the time to
 * open (replay) a log of 1M records.
 *
 *   npm run bench -- activity [records=1000000]
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ActivityStore, type ActivityInput } from "../src/engine/activity/activity-store";
import { FsStorage } from "../src/node/fs/fs-storage";
import { createRng } from "./prng";
import { printLine } from "../src/node/cli/terminal";

const total = Number(process.argv[2] ?? 1_000_000);
const rng = createRng(7);
const kinds = ["recall", "recall", "recall", "open", "edit", "link"] as const;
const event = (i: number): ActivityInput => ({
	kind: rng.pick(kinds),
	path: `Notes/note-${rng.int(10_000)}.md`,
	at: 1_700_000_000_000 + i * 1000,
});

async function write(store: ActivityStore, count: number, inFlight: number): Promise<number> {
	const started = performance.now();
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < count) await store.record(event(next++));
	};
	await Promise.all(Array.from({ length: inFlight }, worker));
	return performance.now() - started;
}

const root = await mkdtemp(join(tmpdir(), "cm-bench-activity-"));
try {
	for (const inFlight of [1, 16, 256, 4096]) {
		const folder = join(root, `throughput-${inFlight}`);
		const store = await ActivityStore.open(new FsStorage(folder), { compactAfterRecords: Number.MAX_SAFE_INTEGER });
		const count = inFlight === 1 ? 300 : 20_000;
		const ms = await write(store, count, inFlight);
		printLine(
			`append, ${inFlight} in flight: ${Math.round((count / ms) * 1000).toLocaleString("en")} records/s (fsync on)`,
		);
		await store.close();
	}

	const folder = join(root, "million");
	const options = { compactAfterRecords: Number.MAX_SAFE_INTEGER, compactAfterBytes: Number.MAX_SAFE_INTEGER };
	const store = await ActivityStore.open(new FsStorage(folder), options);
	const writeMs = await write(store, total, 4096);
	const logBytes = (await stat(join(folder, "activity-1.log"))).size;
	printLine(
		`wrote ${total.toLocaleString("en")} records in ${(writeMs / 1000).toFixed(1)} s, log ${(logBytes / 1e6).toFixed(1)} MB`,
	);
	await store.close();

	let started = performance.now();
	const reopened = await ActivityStore.open(new FsStorage(folder), options);
	printLine(
		`open (replay ${total.toLocaleString("en")} records): ${Math.round(performance.now() - started)} ms, ${reopened.stats().nodes} nodes`,
	);

	started = performance.now();
	await reopened.compact();
	const snapshotBytes = (await stat(join(folder, "activity-2.snapshot"))).size;
	printLine(
		`compaction of ${total.toLocaleString("en")} records: ${Math.round(performance.now() - started)} ms, snapshot ${(snapshotBytes / 1e6).toFixed(1)} MB`,
	);
	await reopened.close();

	started = performance.now();
	await ActivityStore.open(new FsStorage(folder), options);
	printLine(`open (snapshot only): ${Math.round(performance.now() - started)} ms`);
} finally {
	await rm(root, { recursive: true, force: true });
}
