import { spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../bench/prng";
import { ActivityStore } from "../../src/engine/activity/activity-store";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { printLine } from "../../src/node/cli/terminal";

/** Independent stores killed side by side, to keep the test fast; each is killed RUNS_PER_LANE times in turn. */
const LANES = 5;
const RUNS_PER_LANE = 5;
const SEED = 20240611;

interface Ack {
	seq: number;
	run: number;
	n: number;
}

interface ChildRun {
	acks: Ack[];
	/** The kill landed after `compact-start` and before `compact-done`. */
	killedDuringCompaction: boolean;
}

/**
 * Starts the writer, kills it with SIGKILL after `killAfterAcks` acknowledgements, or at its
 * `killAtCompaction`-th compaction when that is set. Resolves once the process is gone.
 */
function runChild(
	script: string,
	folder: string,
	run: number,
	killAfterAcks: number,
	killAtCompaction: number | null,
): Promise<ChildRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [script, folder, String(run)], { stdio: ["ignore", "pipe", "pipe"] });
		const result: ChildRun = { acks: [], killedDuringCompaction: false };
		let compactions = 0;
		let compacting = false;
		let killed = false;
		let buffer = "";
		let stderr = "";
		const kill = (): void => {
			if (killed) return;
			killed = true;
			result.killedDuringCompaction = compacting;
			child.kill("SIGKILL");
		};
		child.stdout.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => {
			buffer += chunk;
			let end: number;
			while ((end = buffer.indexOf("\n")) !== -1) {
				const line = buffer.slice(0, end);
				buffer = buffer.slice(end + 1);
				if (killed) continue;
				const [word, a, b] = line.split(" ");
				if (word === "ack") result.acks.push({ seq: Number(a), run, n: Number(b) });
				if (word === "compact-start") {
					compacting = true;
					if (++compactions === killAtCompaction) kill();
				}
				if (word === "compact-done") compacting = false;
				if (killAtCompaction === null && result.acks.length >= killAfterAcks) kill();
			}
		});
		child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
		child.on("error", reject);
		child.on("exit", (code, signal) => {
			if (signal === "SIGKILL" && killed) resolve(result);
			else reject(new Error(`writer exited by itself (code ${code}, signal ${signal}): ${stderr}`));
		});
	});
}

/** Opens a copy of the folder (so the check does not repair the files the next child opens) and checks every ack. */
async function verify(
	folder: string,
	scratch: string,
	acks: readonly Ack[],
): Promise<{ records: number; warnings: number }> {
	await rm(scratch, { recursive: true, force: true });
	await cp(folder, scratch, { recursive: true });
	const store = await ActivityStore.open(new FsStorage(scratch, { sync: false }), {
		maxRecentRecalls: 1_000_000,
		maxHistoryPerNode: 1_000_000,
	});
	const history = store.history({ path: "history.md" });
	const recalls = store.get("recalls.md")?.recalls ?? { count: 0, recent: [], older: null };

	// In order and no duplicates.
	const seqs = history.map((e) => e.seq);
	expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
	expect(new Set(recalls.recent).size).toBe(recalls.recent.length);
	expect(recalls.count).toBe(recalls.recent.length);
	// No garbage: only records a writer produced.
	for (const entry of history) expect(entry.kind === "transition" && /^r\d+-\d*[13579]$/.test(entry.reason)).toBe(true);
	for (const at of recalls.recent) expect(at % 2).toBe(0);
	// Nothing acknowledged is missing, and each acknowledged seq holds that record.
	const bySeq = new Map(history.map((e) => [e.seq, e]));
	const recallTimes = new Set(recalls.recent);
	for (const ack of acks) {
		if (ack.n % 2 === 1) expect(bySeq.get(ack.seq)).toMatchObject({ reason: `r${ack.run}-${ack.n}` });
		else expect(recallTimes.has(ack.run * 1e6 + ack.n)).toBe(true);
	}
	await store.close();
	return { records: history.length + recalls.count, warnings: store.warnings.length };
}

describe("activity store under SIGKILL", () => {
	let root: string;
	let script: string;

	beforeAll(async () => {
		root = await mkdtemp(join(tmpdir(), "cm-activity-crash-"));
		script = join(root, "activity-writer.mjs");
		await build({
			entryPoints: [fileURLToPath(new URL("./fixtures/activity-writer.ts", import.meta.url))],
			bundle: true,
			platform: "node",
			format: "esm",
			target: "node20",
			outfile: script,
			minify: true,
			logLevel: "silent",
		});
	});

	afterAll(async () => {
		await rm(root, { recursive: true, force: true });
	});

	it(`loses no acknowledged record and keeps no garbage over ${LANES * RUNS_PER_LANE} kills at seeded moments`, async () => {
		const lanes = await Promise.all(Array.from({ length: LANES }, (_, lane) => killRepeatedly(lane)));
		const total = (key: keyof LaneResult): number => lanes.reduce((sum, lane) => sum + lane[key], 0);
		expect(total("acknowledged")).toBeGreaterThan(LANES * RUNS_PER_LANE);
		expect(total("recovered")).toBeGreaterThanOrEqual(total("acknowledged"));
		printLine(
			`activity crash test: ${LANES * RUNS_PER_LANE} kills (${total("killsDuringCompaction")} during a compaction, ` +
				`${total("repairs")} reopened with a repair), ${total("acknowledged")} acknowledged records verified, ` +
				`${total("recovered")} records recovered`,
		);
	}, 120_000);

	interface LaneResult {
		acknowledged: number;
		recovered: number;
		killsDuringCompaction: number;
		repairs: number;
	}

	async function killRepeatedly(lane: number): Promise<LaneResult> {
		const folder = join(root, `store-${lane}`);
		const rng = createRng(SEED + lane);
		const acks: Ack[] = [];
		const result: LaneResult = { acknowledged: 0, recovered: 0, killsDuringCompaction: 0, repairs: 0 };
		for (let run = 0; run < RUNS_PER_LANE; run++) {
			const atCompaction = run % 3 === 2 ? rng.range(1, 3) : null;
			const child = await runChild(script, folder, run, rng.range(1, 200), atCompaction);
			acks.push(...child.acks);
			if (child.killedDuringCompaction) result.killsDuringCompaction++;
			const checked = await verify(folder, join(root, `check-${lane}`), acks);
			result.recovered = checked.records;
			if (checked.warnings > 0) result.repairs++;
		}
		result.acknowledged = acks.length;
		return result;
	}
});
