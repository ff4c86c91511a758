import { formatPassReport, formatPreview } from "./format-pass";
import { headlessEngine } from "../headless-engine";
import { readHeadlessSettings } from "../headless-settings";
import { progressBar } from "./progress-bar";
import { printLine } from "./terminal";

export interface MaintainOptions {
	vaultDir: string;
	dryRun: boolean;
	confirmVaultWrites: boolean;
	json: boolean;
}

/**
 * One maintenance pass over a vault, headless: rescore, apply transitions, write memory_status,
 * print what happened. A dry run writes nothing, not even the state folder.
 */
export async function maintainCommand(options: MaintainOptions): Promise<number> {
	const { settings, problems } = readHeadlessSettings(options.vaultDir);
	for (const problem of problems) console.error(`causal-memory: settings: ${problem}; using defaults for that group`);
	const wholeVault = settings.maintenance.writeScope === "vault";
	if (options.confirmVaultWrites)
		settings.maintenance = { ...settings.maintenance, writeScope: "vault", vaultWritesConfirmed: true };
	const engine = await headlessEngine(options.vaultDir, {
		program: "causal-memory maintain",
		settings: () => settings,
		readOnly: options.dryRun,
	});
	const bar = progressBar(process.stderr, "Indexing");
	try {
		await engine.start({ follow: false, onProgress: bar.update });
		bar.done();
		const report = await engine.maintenance.runPass({ dryRun: options.dryRun });
		if (options.json) printLine(JSON.stringify(report, null, 2));
		else printLine(formatPassReport(report));
		if (wholeVault && !settings.maintenance.vaultWritesConfirmed && !options.json) {
			printLine(`\n${formatPreview(engine.maintenance.previewWrites("vault"))}`);
			printLine(
				"The whole-vault scope is chosen but not confirmed: run again with --confirm-vault-writes to write these.",
			);
		}
		return 0;
	} finally {
		await engine.stop();
	}
}
