import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import manifest from "../../../manifest.json";
import { errorMessage } from "../../core/model/error-message";
import { printLine } from "./terminal";

const USAGE = `Usage: causal-memory <command> --vault DIR [options]

Commands:
  index      Index the vault and print a summary of its memory graph (never writes)
  maintain   Run one maintenance pass: rescore every memory, apply status changes, write memory_status
  proposals  List the open core proposals, or accept or decline one (--accept ID | --decline ID)
  consolidate
             List clusters of memories about the same thing (nothing is written); --cluster N prints one's
             extractive summary, --cluster N --write consolidates it, --undo undoes the latest consolidation
  serve      Serve the memory tools over MCP on 127.0.0.1, following the vault and running maintenance
  install-plugin
             Copy the built plugin (main.js, manifest.json, styles.css) into the vault's plugins folder
  connect CLIENT
             Print how CLIENT (claude-desktop, claude-code, cursor, vscode) connects to this vault's server;
             claude-desktop --write adds it to Claude Desktop's configuration file (a backup first)
  import memory-jsonl FILE
             Import the MCP reference memory server's JSONL: one note per entity in the memory folder,
             relations as typed links; re-runs write only what changed (see docs/import.md)
  model download|status|remove
             The embedding model of semantic recall, in the vault's plugin folder where serve finds it: download
             it once (resumes an interrupted transfer, checks size and digest; turns semantic recall on), show
             what is there, or remove it (turns semantic recall off)
  canvas     Write a memory's causal chain as a JSON Canvas file (--note PATH [--depth N] [--out FILE])
  hook EVENT Answer a Claude Code hook (SessionStart, UserPromptSubmit, PreCompact, SessionEnd): reads its
             JSON on stdin, asks the running server, prints the hook's JSON; never fails (see docs/claude-code.md)

Options:
  --vault DIR                 The vault folder (a folder of markdown notes)
  --exclude FOLDER            index: a vault folder whose notes are not memories (repeatable)
  --edge-key KEY=TYPE         index: map a link property to an edge type, e.g. up=derived_from (repeatable)
  --dry-run                   maintain, import, consolidate: report what would change without changing anything
  --cluster N                 consolidate: the cluster (as listed) to summarize, or with --write to consolidate
  --undo                      consolidate: undo the latest consolidation (the members byte for byte as before)
  --confirm-vault-writes      maintain: allow memory_status writes outside the memory folder (see the preview first)
  --note PATH                 canvas: the memory whose chain is drawn (a vault path or link text)
  --depth N                   canvas: hops of causes and consequences drawn (1 to 10, default 3)
  --out FILE                  canvas: where to write (default: <canvas folder>/<note name> chain.canvas in the vault)
  --accept ID                 proposals: promote the proposed memory ID (path or link text) to core
  --decline ID                proposals: decline it; it is not proposed again
  --port N                    serve: preferred port (default from the settings, 27150); the next free one is used if taken
  --fixed-port                serve: fail instead of trying the next ports when the port is taken
  --token-file FILE           serve: read the bearer token clients must send from FILE (keep it private: chmod 600)
  --token TOKEN               serve: the bearer token on the command line, where other local users can see it in
                              the process list; prefer --token-file or CAUSAL_MEMORY_TOKEN
  --no-auth                   serve: no token at all, for the MCP conformance suite only (prints a warning)
  --model-path DIR            serve: a local embedding model folder (<root>/<owner>/<name>/config.json …)
  --host URL                  model download: where the files come from, laid out as on the hub
                              (<URL>/<model>/resolve/main/<file>; default https://huggingface.co)
  --model ID                  model: another model than the settings' one (owner/name); download also selects it
  --seed-from DIR             serve: when the vault folder does not exist, create it as a copy of DIR
  --config-dir NAME           install-plugin: the vault's configuration folder, when it is not Obsidian's default
  --config FILE               connect claude-desktop: the configuration file (default: the platform's)
  --write                     connect claude-desktop: write the file instead of showing what would change;
                              consolidate: consolidate the --cluster
  --json                      Print JSON instead of text
  --version                   Print the version
  --help                      Show this help; after a command, that command's usage

Environment:
  CAUSAL_MEMORY_TOKEN         serve: the bearer token, when neither --token nor --token-file is given
                              (default: the one saved in data.json, generated and saved on first run);
                              hook: the token of the running server
  CAUSAL_MEMORY_URL           hook: the running server's MCP URL (default http://127.0.0.1:27150/mcp)

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
			note: { type: "string" },
			depth: { type: "string" },
			out: { type: "string" },
			accept: { type: "string" },
			cluster: { type: "string" },
			undo: { type: "boolean", default: false },
			decline: { type: "string" },
			port: { type: "string" },
			"fixed-port": { type: "boolean", default: false },
			token: { type: "string" },
			"token-file": { type: "string" },
			"no-auth": { type: "boolean", default: false },
			"model-path": { type: "string" },
			"seed-from": { type: "string" },
			host: { type: "string" },
			model: { type: "string" },
			"config-dir": { type: "string" },
			config: { type: "string" },
			write: { type: "boolean", default: false },
			json: { type: "boolean", default: false },
			version: { type: "boolean", default: false },
			help: { type: "boolean", default: false },
		},
	});
	const [command] = positionals;
	if (values.version) {
		printLine(manifest.version);
		return 0;
	}
	if (values.help && command !== undefined) {
		const { COMMAND_USAGE } = await import("./cli-command-usage");
		printLine(COMMAND_USAGE[command] ?? USAGE);
		return 0;
	}
	if (command === "hook") {
		// Lazy, like every command: a hook runs before each prompt, so it loads only its own code.
		const { runHook } = await import("../hook/hook-main");
		return runHook(positionals[1] ?? "", manifest.version);
	}
	if (values.help || command === undefined) {
		printLine(USAGE);
		return values.help ? 0 : 2;
	}
	if (command === "index") {
		const { indexCommand } = await import("./index-command");
		return indexCommand({
			vaultDir: requireVault(values.vault),
			exclude: values.exclude ?? [],
			edgeKeys: parseEdgeKeys(values["edge-key"] ?? []),
			json: values.json,
		});
	}
	if (command === "maintain") {
		const { maintainCommand } = await import("./maintain-command");
		return maintainCommand({
			vaultDir: requireVault(values.vault),
			dryRun: values["dry-run"],
			confirmVaultWrites: values["confirm-vault-writes"],
			json: values.json,
		});
	}
	if (command === "canvas") {
		const { canvasCommand } = await import("./canvas-command");
		return canvasCommand({
			vaultDir: requireVault(values.vault),
			note: requireValue(values.note, "canvas needs --note PATH: the memory whose chain is drawn"),
			depth: values.depth === undefined ? undefined : Number(values.depth),
			out: values.out,
			json: values.json,
		});
	}
	if (command === "proposals") {
		if (values.accept !== undefined && values.decline !== undefined)
			throw new UsageError("give --accept or --decline, not both");
		const { proposalsCommand } = await import("./proposals-command");
		return proposalsCommand({
			vaultDir: requireVault(values.vault),
			accept: values.accept,
			decline: values.decline,
			json: values.json,
		});
	}
	if (command === "consolidate") {
		if (values["dry-run"] && (values.write || values.undo))
			throw new UsageError("--dry-run writes nothing: leave out --write and --undo");
		if (values.write && values.cluster === undefined) throw new UsageError("--write needs --cluster N");
		const { consolidateCommand } = await import("./consolidate-command");
		return consolidateCommand({
			vaultDir: requireVault(values.vault),
			cluster: values.cluster === undefined ? undefined : parseCluster(values.cluster),
			write: values.write,
			undo: values.undo,
			json: values.json,
		});
	}
	if (command === "import") {
		const [, format, file] = positionals;
		if (format === undefined || file === undefined)
			throw new UsageError("import needs a format and a file: causal-memory import memory-jsonl FILE --vault DIR");
		const { importCommand } = await import("./import-command");
		return importCommand({
			format,
			file: resolve(file),
			vaultDir: requireVault(values.vault),
			dryRun: values["dry-run"],
			json: values.json,
		});
	}
	if (command === "serve") {
		const seedFrom = values["seed-from"] === undefined ? undefined : requireFolder(values["seed-from"], "--seed-from");
		const { serveCommand } = await import("./serve-command");
		return serveCommand({
			vaultDir:
				seedFrom === undefined
					? requireVault(values.vault)
					: resolve(requireValue(values.vault, "--vault DIR is required: the folder that holds your notes")),
			seedFrom,
			port: values.port === undefined ? undefined : parsePort(values.port),
			fixedPort: values["fixed-port"],
			token: values.token,
			tokenFile: values["token-file"],
			noAuth: values["no-auth"],
			modelPath: values["model-path"] === undefined ? undefined : requireFolder(values["model-path"], "--model-path"),
			version: manifest.version,
		});
	}
	if (command === "connect") {
		const { CLIENTS, connectCommand } = await import("./connect-command");
		const client = CLIENTS.find((name) => name === positionals[1]);
		if (client === undefined)
			throw new UsageError(`connect needs a client: causal-memory connect ${CLIENTS.join("|")} --vault DIR`);
		return connectCommand({
			client,
			vaultDir: requireVault(values.vault),
			configFile: values.config === undefined ? undefined : resolve(values.config),
			write: values.write,
			now: new Date(),
		});
	}
	if (command === "model") {
		const { MODEL_ACTIONS, modelCommand } = await import("./model-command");
		const action = MODEL_ACTIONS.find((name) => name === positionals[1]);
		if (action === undefined)
			throw new UsageError(`model needs an action: causal-memory model ${MODEL_ACTIONS.join("|")} --vault DIR`);
		return modelCommand({ action, vaultDir: requireVault(values.vault), host: values.host, modelId: values.model });
	}
	if (command === "install-plugin") {
		const { installPluginCommand } = await import("./install-plugin-command");
		return installPluginCommand({
			vaultDir: requireVault(values.vault),
			configDir: values["config-dir"],
			// The bundle runs from dist/: the release files sit beside that folder.
			from: dirname(__dirname),
			version: manifest.version,
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
	return requireFolder(requireValue(vault, "--vault DIR is required: the folder that holds your notes"), "--vault");
}

function requireValue(value: string | undefined, message: string): string {
	if (!value) throw new UsageError(message);
	return value;
}

function requireFolder(folder: string, flag: string): string {
	const dir = resolve(folder);
	if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${flag} "${folder}" is not a folder`);
	return dir;
}

function parseCluster(text: string): number {
	const n = Number(text);
	if (!Number.isInteger(n) || n < 1)
		throw new UsageError(`--cluster "${text}" must be a whole number from 1 (as listed)`);
	return n;
}

function parsePort(text: string): number {
	const port = Number(text);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new UsageError(`--port "${text}" must be a whole number from 0 to 65535 (0: any free port)`);
	return port;
}

main(process.argv.slice(2)).then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		const message = errorMessage(error);
		console.error(`causal-memory: ${message}`);
		const usage =
			error instanceof UsageError || String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
		if (usage) console.error(`Run "causal-memory --help" for usage.`);
		process.exitCode = usage ? 2 : 1;
	},
);
