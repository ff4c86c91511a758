import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { indexCommand } from "./index-command";
import { maintainCommand } from "./maintain-command";
import { errorMessage } from "../core/model/error-message";

const USAGE = `Usage: causal-memory <command> --vault DIR [options]

Commands:
  index      Index the vault and print a summary of its memory graph (never writes)
  maintain   Run one maintenance pass: rescore every memory, apply status changes, write memory_status

Options:
  --vault DIR                 The vault folder (a folder of markdown notes)
  --exclude FOLDER            index: a vault folder whose notes are not memories (repeatable)
  --edge-key KEY=TYPE         index: map a link property to an edge type, e.g. up=derived_from (repeatable)
  --dry-run                   maintain: report what the pass would change without changing anything
  --confirm-vault-writes      maintain: allow memory_status writes outside the memory folder (see the preview first)
  --json                      Print JSON instead of text
  --help                      Show this help

Settings come from the plugin's data.json in the vault (.obsidian/plugins/causal-memory/) when it exists.`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			vault: { type: "string" },
			exclude: { type: "string", multiple: true },
			"edge-key": { type: "string", multiple: true },
			"dry-run": { type: "boolean", default: false },
			"confirm-vault-writes": { type: "boolean", default: false },
			json: { type: "boolean", default: false },
			help: { type: "boolean", default: false },
		},
	});
	const [command] = positionals;
	if (values.help || command === undefined) {
		console.log(USAGE);
		return values.help ? 0 : 2;
	}
	if (command === "index") {
		return indexCommand({
			vaultDir: requireVault(values.vault),
			exclude: values.exclude ?? [],
			edgeKeys: parseEdgeKeys(values["edge-key"] ?? []),
			json: values.json,
		});
	}
	if (command === "maintain") {
		return maintainCommand({
			vaultDir: requireVault(values.vault),
			dryRun: values["dry-run"],
			confirmVaultWrites: values["confirm-vault-writes"],
			json: values.json,
		});
	}
	throw new UsageError(`unknown command "${command}"`);
}

function parseEdgeKeys(pairs: string[]): Record<string, string> {
	return Object.fromEntries(
		pairs.map((pair) => {
			const [key, type] = pair.split("=");
			if (!key || !type) throw new UsageError(`--edge-key "${pair}" must look like KEY=TYPE, e.g. up=derived_from`);
			return [key.trim(), type.trim()];
		}),
	);
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
		const message = errorMessage(error);
		console.error(`causal-memory: ${message}`);
		const usage = error instanceof UsageError || String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
		if (usage) console.error(`Run "causal-memory --help" for usage.`);
		process.exitCode = usage ? 2 : 1;
	},
);
