/**
 * Crash while creating notes (issue 29, item 10): the real `serve` (its own process, default
 * settings, an empty vault kept from kill to kill) is SIGKILLed while `--clients` SDK clients store
 * memories back to back, `--kills` times; after each kill every note of the vault is checked:
 *
 *   empty     a note of 0 bytes
 *   partial   a note that is not a whole note as the store wrote it (frontmatter, the content,
 *             ending with its `End of <marker>.` line)
 *   lost      an acknowledged store whose marker is in no note
 *
 * and the temp files left beside notes are counted (the next start removes them). `--hog` runs two
 * busy node processes (one per core of the project's machine) all along, stopped at the end.
 *
 *   npm run bench -- create-crash [--kills 100] [--clients 4] [--min-ms 20] [--max-ms 400] [--hog] [--seed 1]
 *
 * Exit code 1 when a note was empty or partial or an acknowledged store was lost.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { TEMP_FILE } from "../src/node/fs/atomic-write";
import { printLine } from "../src/node/cli/terminal";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng, type Rng } from "./prng";
import { startCpuHog } from "./soak/cpu-hog";
import { runServeChild, SERVE_CHILD_FLAG, startServeChild } from "./soak/serve-child";
import { connectMcpClient } from "./soak/session-flood";
import { formatTable } from "./table";

interface VaultCheck {
	notes: number;
	empty: string[];
	partial: string[];
	markers: Set<string>;
	temps: number;
}

/**
 * The content a store sends for `marker`: a title line, 0.2–4 KB of made-up words (no two stores
 * alike, so none is taken for a duplicate), and an end line a partial note lacks.
 */
function contentFor(marker: string, rng: Rng): string {
	const word = (): string =>
		Array.from({ length: rng.range(3, 9) }, () => String.fromCharCode(97 + rng.int(26))).join("");
	const words = Array.from({ length: rng.range(30, 600) }, word).join(" ");
	return `Crash check ${marker}\n\n${words}\n\nEnd of ${marker}.`;
}

/** Every note of the vault (outside hidden folders), sorted into whole, empty and partial, and our temp files. */
async function checkVault(vault: string): Promise<VaultCheck> {
	const check: VaultCheck = { notes: 0, empty: [], partial: [], markers: new Set(), temps: 0 };
	const entries = await readdir(vault, { recursive: true, withFileTypes: true });
	for (const entry of entries) {
		if (!entry.isFile()) continue;
		const path = join(entry.parentPath, entry.name);
		const relative = path.slice(vault.length + 1);
		if (relative.split("/").some((segment, i, all) => segment.startsWith(".") && i < all.length - 1)) continue;
		if (TEMP_FILE.test(entry.name)) {
			check.temps++;
			continue;
		}
		if (!entry.name.endsWith(".md")) continue;
		check.notes++;
		const text = await readFile(path, "utf8");
		if (text.length === 0) {
			check.empty.push(relative);
			continue;
		}
		const marker = /^Crash check (\S+)$/m.exec(text)?.[1];
		if (marker === undefined || !text.startsWith("---\n") || !text.endsWith(`\nEnd of ${marker}.\n`)) {
			check.partial.push(relative);
			continue;
		}
		check.markers.add(marker);
	}
	return check;
}

async function storeUntilKilled(
	client: Client,
	run: string,
	index: number,
	rng: Rng,
	acknowledged: Set<string>,
	firstAck: () => void,
): Promise<void> {
	for (let call = 0; ; call++) {
		const marker = `${run}-${index}-${call}`;
		try {
			const result = await client.callTool({
				name: "memory_store",
				arguments: { content: contentFor(marker, rng), category: "crash" },
			});
			const status = (result.structuredContent as { status?: string } | undefined)?.status;
			if (result.isError === true || status !== "stored") continue;
			acknowledged.add(marker);
			firstAck();
		} catch {
			return; // the server is gone
		}
	}
}

async function main(): Promise<void> {
	const [mode, argument] = process.argv.slice(2);
	if (mode === SERVE_CHILD_FLAG) {
		process.exitCode = await runServeChild(argument);
		return;
	}
	const flags = parseFlags();
	const kills = flags.number("kills", 100);
	const clients = flags.number("clients", 4);
	const minMs = flags.number("min-ms", 20);
	const maxMs = flags.number("max-ms", 400);
	const rng = createRng(flags.number("seed", 1));
	const hog = flags.has("hog") ? startCpuHog(2) : null;
	const dir = await mkdtemp(join(tmpdir(), "create-crash-"));
	const vault = join(dir, "vault");
	const acknowledged = new Set<string>();
	const empty = new Set<string>();
	const partial = new Set<string>();
	const startMs: number[] = [];
	let tempsAfterKills = 0;
	let tempsAfterStart = 0;
	let stored = 0;
	try {
		for (let kill = 0; kill < kills; kill++) {
			const started = performance.now();
			const server = await startServeChild({ vault });
			startMs.push(performance.now() - started);
			tempsAfterStart += (await checkVault(vault)).temps;
			const sessions = await Promise.all(
				Array.from({ length: clients }, (_, i) => connectMcpClient(server.url, server.token, `crash-${i}`)),
			);
			let acked: () => void = () => {};
			const firstAck = new Promise<void>((resolve) => (acked = resolve));
			const before = acknowledged.size;
			const storing = sessions.map((client, i) =>
				storeUntilKilled(client, `k${kill}`, i, createRng(kill * 100 + i), acknowledged, acked),
			);
			await firstAck;
			await sleep(rng.range(minMs, maxMs));
			await server.kill();
			await Promise.all(storing);
			await Promise.all(sessions.map((client) => client.close().catch(() => undefined)));
			stored += acknowledged.size - before;
			const check = await checkVault(vault);
			for (const path of check.empty) empty.add(path);
			for (const path of check.partial) partial.add(path);
			tempsAfterKills += check.temps;
			printLine(
				`kill ${kill + 1}/${kills}: ${check.notes} notes, ${acknowledged.size - before} stores acknowledged, ` +
					`${check.empty.length} empty, ${check.partial.length} partial, ${check.temps} temp files`,
			);
		}
		// One more start: it removes what the last kill left, and shows the vault as the next user would find it.
		const server = await startServeChild({ vault });
		await server.stop();
		const final = await checkVault(vault);
		const lost = [...acknowledged].filter((marker) => !final.markers.has(marker)).length;
		printLine(
			`\n${formatTable(
				[
					"kills",
					"clients",
					"cpu hog",
					"stores acknowledged",
					"notes",
					"empty notes",
					"partial notes",
					"acknowledged lost",
					"temp files after kills",
					"temp files after next start",
					"serve start p50 ms",
					"p95 ms",
				],
				[
					[
						kills,
						clients,
						hog ? "2 busy processes" : "no",
						stored,
						final.notes,
						empty.size,
						partial.size,
						lost,
						tempsAfterKills,
						tempsAfterStart + final.temps,
						Math.round(percentile(startMs, 50)),
						Math.round(percentile(startMs, 95)),
					],
				],
			)}`,
		);
		if (empty.size + partial.size > 0) printLine(`empty or partial: ${[...empty, ...partial].slice(0, 10).join(", ")}`);
		if (empty.size + partial.size + lost > 0) process.exitCode = 1;
	} finally {
		await hog?.stop();
		await rm(dir, { recursive: true, force: true });
	}
}

await main();
