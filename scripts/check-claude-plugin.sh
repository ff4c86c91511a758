#!/bin/sh
# Checks the Claude Code plugin with the real `claude` CLI from npm, without touching your own
# Claude Code: the CLI goes to a temporary folder (or CLAUDE_CLI_DIR, reused when it has one) and
# runs with a temporary HOME. Validates the plugin and the marketplace, adds the marketplace,
# installs the plugin, and lists what got installed. Needs npm's registry once; no Anthropic
# account and no network to Anthropic.
#
#   sh scripts/check-claude-plugin.sh
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CLI_DIR=${CLAUDE_CLI_DIR:-$(mktemp -d)}
if [ ! -x "$CLI_DIR/node_modules/.bin/claude" ]; then
  npm install --prefix "$CLI_DIR" --no-audit --no-fund --loglevel=error @anthropic-ai/claude-code >/dev/null
fi
# The npm package's postinstall puts the native binary at bin/claude.exe; without it (install
# scripts not allowed) the package's own launcher finds the platform package.
if "$CLI_DIR/node_modules/.bin/claude" --version >/dev/null 2>&1; then
  set -- "$CLI_DIR/node_modules/.bin/claude"
else
  set -- node "$CLI_DIR/node_modules/@anthropic-ai/claude-code/cli-wrapper.cjs"
fi
HOME=$(mktemp -d)
export HOME
trap 'rm -rf "$HOME"' EXIT
set -x
"$@" --version
"$@" plugin validate "$ROOT/claude-plugin"
"$@" plugin validate "$ROOT"
"$@" plugin marketplace add "$ROOT"
"$@" plugin install causal-memory@causal-memory
"$@" plugin list
"$@" plugin details causal-memory@causal-memory
