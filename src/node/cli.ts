import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { existsSync, statSync } from "node:fs";
import { VaultIndex } from "../engine/vault-index";
import { summarizeGraph } from "../core/graph/summary";
import { FsVault } from "./fs-vault";
import { progressBar } from "./progress-bar";
import { formatIndexSummary } from "./format-summary";

const USAGE = `Usage: causal-memory <command> [options]

Commands:
  index --vault DIR [--exclude FOLDER ...] [--json]   Index a vault and print a summary of its memory graph

Options:
  --vault DIR      The vault folder (a folder of markdown notes)
  --exclude DIR    A vault folder whose notes are not memories (repeatable)
  --json           Print the summary as JSON instead of text
  --help           Show this help`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			vault: { type: "string" },
			exclude: { type: "string", multiple: true },
			json: { type: "boolean", default: false },
			help: { type: "boolean", default: false },
		},
	});
	const [command] = positionals;
	if (values.help || command === undefined) {
		console.log(USAGE);
		return command === undefined && !values.help ? 2 : 0;
	}
	if (command !== "index") throw new UsageError(`unknown command "${command}"`);
	const vaultDir = requireVault(values.vault);
	const index = new VaultIndex(new FsVault(vaultDir), { settings: { excludedFolders: values.exclude ?? [] } });
	const bar = progressBar(process.stderr, "Indexing");
	const report = await index.build(bar.update);
	bar.done();
	const summary = summarizeGraph(index.graph);
	if (values.json) console.log(JSON.stringify({ vault: vaultDir, ms: Math.round(report.ms), ...summary, warnings: report.warnings }, null, 2));
	else console.log(formatIndexSummary(vaultDir, summary, report));
	return 0;
}

function requireVault(vault: string | undefined): string {
	if (!vault) throw new UsageError("--vault DIR is required: the folder that holds your notes");
	const dir = resolve(vault);
	if (!existsSync(dir) || !statSync(dir).isDirectory()) {
		throw new UsageError(`--vault "${vault}" is not a folder: give the path of your vault's folder`);
	}
	return dir;
}

main(process.argv.slice(2)).then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		const message = error instanceof Error ? error.message : String(error);
		console.error(`causal-memory: ${message}`);
		if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
			console.error(`Run "causal-memory --help" for usage.`);
			process.exitCode = 2;
		} else {
			process.exitCode = 1;
		}
	},
);
