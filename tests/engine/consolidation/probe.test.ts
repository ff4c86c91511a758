import { it } from "vitest";
import { MemoryVault } from "../../helpers/memory-vault";
import { inMemoryEngine } from "../../helpers/in-memory-engine";
import { syntheticTopicVault } from "../../helpers/synthetic-topics";

it("probe", async () => {
	const lines: string[] = [];
	for (let seed = 1; seed <= 10; seed++) {
		const vault = syntheticTopicVault(seed);
		const engine = inMemoryEngine(new MemoryVault(vault.notes));
		await engine.start({ follow: false });
		const report = await engine.clusters({ k: 50 });
		let minP = 1, minR = 1;
		for (const [, paths] of vault.topics) {
			let best = { p: 0, r: 0 };
			for (const c of report.clusters) {
				const overlap = c.members.filter((m) => paths.includes(m)).length;
				if (overlap / paths.length > best.r) best = { p: overlap / c.members.length, r: overlap / paths.length };
			}
			minP = Math.min(minP, best.p); minR = Math.min(minR, best.r);
		}
		const unrel = report.clusters.filter((c) => c.members.length >= 3).flatMap((c) => c.members.filter((m) => vault.unrelated.includes(m))).length;
		lines.push(`seed ${seed}: clusters ${report.total} minPurity ${minP.toFixed(2)} minRecall ${minR.toFixed(2)} unrelatedIn3+ ${unrel}`);
		await engine.stop();
	}
	console.log(lines.join("\n"));
});
