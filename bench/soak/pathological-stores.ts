import { setTimeout } from "node:timers";
import { pathologicalNotes } from "../pathological-notes";
import type { ServeChild } from "./serve-child";
import { connectMcpClient } from "./session-flood";

export interface PathologicalReport {
	/** Each note kind stored: how long memory_store took, and whether it was refused. */
	stores: { name: string; ms: number; refused: boolean }[];
	probeLatencies: number[];
	probeFailures: number;
}

/**
 * Stores every pathological note (bench/pathological-notes.ts) of `bytes` through memory_store,
 * one after another, while a second client calls memory_recall every `probeMs`: a super-linear
 * pattern shows as a slow store and a stalled probe.
 */
export async function storePathologicalNotes(
	server: ServeChild,
	options: { bytes: number; probeMs: number },
): Promise<PathologicalReport> {
	const writer = await connectMcpClient(server.url, server.token, "soak-pathological");
	const probe = await connectMcpClient(server.url, server.token, "soak-probe");
	const report: PathologicalReport = { stores: [], probeLatencies: [], probeFailures: 0 };
	let storing = true;
	const probing = (async () => {
		while (storing) {
			const started = performance.now();
			const result = await probe
				.callTool({ name: "memory_recall", arguments: { query: "release plan", k: 5, read_only: true } })
				.catch(() => null);
			if (result === null || result.isError === true) report.probeFailures++;
			else report.probeLatencies.push(performance.now() - started);
			await new Promise((resolve) => setTimeout(resolve, options.probeMs));
		}
	})();
	for (const note of pathologicalNotes(options.bytes)) {
		const started = performance.now();
		const result = await writer.callTool({
			name: "memory_store",
			arguments: { content: note.content, title: `Pathological ${note.name}`, allow_duplicate: true },
		});
		report.stores.push({ name: note.name, ms: performance.now() - started, refused: result.isError === true });
	}
	storing = false;
	await probing;
	await writer.close();
	await probe.close();
	return report;
}
