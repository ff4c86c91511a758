/** `causal-memory <command> --help`: each command's own usage, with only the options it takes. */
export const COMMAND_USAGE: Readonly<Record<string, string>> = {
	index: `Usage: causal-memory index --vault DIR [--exclude FOLDER]... [--edge-key KEY=TYPE]... [--json]

Index the vault and print a summary of its memory graph: notes, links by type, warnings. Never
writes anything.

Options:
  --vault DIR           The vault folder (a folder of markdown notes)
  --exclude FOLDER      A vault folder whose notes are not memories (repeatable)
  --edge-key KEY=TYPE   Map a link property to an edge type for this run, e.g. up=derived_from (repeatable)
  --json                Print JSON instead of text`,

	maintain: `Usage: causal-memory maintain --vault DIR [--dry-run] [--confirm-vault-writes] [--json]

Run one maintenance pass: rescore every memory, apply status changes and write memory_status
where a status changed (in the memory folder unless the settings allow the whole vault).

Options:
  --vault DIR              The vault folder
  --dry-run                Report what would change; writes nothing, not even the plugin's state folder
  --confirm-vault-writes   Allow memory_status writes outside the memory folder (see the preview first)
  --json                   Print JSON instead of text`,

	proposals: `Usage: causal-memory proposals --vault DIR [--accept ID | --decline ID] [--json]

List the open core proposals (listing writes nothing), or accept or decline one.

Options:
  --vault DIR     The vault folder
  --accept ID     Promote the proposed memory ID (its path or link text) to core
  --decline ID    Decline it; it is not proposed again
  --json          Print JSON instead of text`,

	serve: `Usage: causal-memory serve --vault DIR [options]

Serve the memory tools over MCP on 127.0.0.1, following the vault and running maintenance, until
Ctrl+C. Prints the URL, the token and the lines that connect Claude Code and the Claude desktop app.

Options:
  --vault DIR          The vault folder
  --port N             Preferred port (default from the settings, 27150); the next free one is used if taken
  --fixed-port         Fail instead of trying the next ports when the port is taken
  --token-file FILE    Read the bearer token clients must send from FILE (keep it private: chmod 600)
  --token TOKEN        The token on the command line, where other local users can see it; prefer
                       --token-file or CAUSAL_MEMORY_TOKEN
  --no-auth            No token at all, for the MCP conformance suite only (prints a warning)
  --model-path DIR     A local embedding model folder (<root>/<owner>/<name>/config.json …)
  --seed-from DIR      When the vault folder does not exist, create it as a copy of DIR

Environment:
  CAUSAL_MEMORY_TOKEN  The token, when neither --token nor --token-file is given (default: the one
                       saved in data.json, generated and saved on first run)`,

	"install-plugin": `Usage: causal-memory install-plugin --vault DIR [--config-dir NAME]

Copy the built plugin (main.js, manifest.json, styles.css) into <vault>/<config folder>/plugins/causal-memory/;
refuses a folder that is not a vault and touches nothing else.

Options:
  --vault DIR          The vault folder
  --config-dir NAME    The vault's configuration folder, when it is not Obsidian's default`,

	connect: `Usage: causal-memory connect claude-desktop|claude-code|cursor|vscode --vault DIR [--config FILE] [--write]

Print how the client connects to this vault's server. For claude-desktop, --write adds the entry
to its configuration file (a backup first; every other server is kept).

Options:
  --vault DIR      The vault folder
  --config FILE    claude-desktop: the configuration file (default: the platform's)
  --write          claude-desktop: write the file instead of showing what would change`,

	import: `Usage: causal-memory import memory-jsonl FILE --vault DIR [--dry-run] [--json]

Import the MCP reference memory server's JSONL: one note per entity in the memory folder,
relations as typed links; re-runs write only what changed (see docs/import.md).

Options:
  --vault DIR    The vault folder
  --dry-run      Report what would change without changing anything
  --json         Print JSON instead of text`,

	consolidate: `Usage: causal-memory consolidate --vault DIR [--dry-run | --cluster N [--write] | --undo] [--json]

List clusters of memories about the same thing, newest first (nothing is written). --cluster N
prints that cluster's extractive summary; with --write it consolidates it into one new memory
(see docs/consolidation.md); --undo restores the latest consolidation's members byte for byte.

Options:
  --vault DIR    The vault folder
  --dry-run      List the clusters only
  --cluster N    The cluster, as listed
  --write        Consolidate the --cluster
  --undo         Undo the latest consolidation
  --json         Print JSON instead of text`,

	model: `Usage: causal-memory model download|status|remove --vault DIR [--host URL] [--model ID]

The embedding model of semantic recall, in the vault's plugin folder where serve finds it.
download fetches it once (resumes an interrupted transfer, checks each file's size and digest)
and turns semantic recall on; status shows what is there; remove deletes it and turns it off.

Options:
  --vault DIR    The vault folder
  --host URL     Where the files come from, laid out as on the hub (<URL>/<model>/resolve/main/<file>;
                 default https://huggingface.co)
  --model ID     Another model than the settings' one (owner/name); download also selects it`,

	canvas: `Usage: causal-memory canvas --vault DIR --note PATH [--depth N] [--out FILE] [--json]

Write a memory's causal chain as a JSON Canvas file: causes and evidence to the left,
consequences to the right, edges labelled with their type. A re-run updates the same file.

Options:
  --vault DIR    The vault folder
  --note PATH    The memory whose chain is drawn (a vault path or link text)
  --depth N      Hops of causes and consequences drawn (1 to 10, default 3)
  --out FILE     Where to write (default: <canvas folder>/<note name> chain.canvas in the vault)
  --json         Print JSON instead of text`,

	hook: `Usage: causal-memory hook SessionStart|UserPromptSubmit|PreCompact|SessionEnd

Answer a Claude Code hook: reads its JSON on stdin, asks the running server, prints the hook's
JSON. Never fails: without a server it prints nothing and exits 0 (see docs/claude-code.md).

Environment:
  CAUSAL_MEMORY_TOKEN  The running server's token
  CAUSAL_MEMORY_URL    The running server's MCP URL (default http://127.0.0.1:27150/mcp)`,
};
