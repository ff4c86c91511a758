#!/bin/sh
# Runs Causal Memory's hook for the event named in $1 with the hook's JSON on stdin.
# Prefers the small hook bundle beside the causal-memory command (dist/hook.cjs, it starts
# fastest), then the command itself. When neither is installed it prints nothing and exits 0:
# memory must never break a prompt.
event="$1"
if [ -n "$CAUSAL_MEMORY_HOOK_BIN" ] && [ -f "$CAUSAL_MEMORY_HOOK_BIN" ]; then
  exec node "$CAUSAL_MEMORY_HOOK_BIN" "$event"
fi
cli=$(command -v causal-memory 2>/dev/null) || exit 0
real=$(readlink -f "$cli" 2>/dev/null || printf '%s' "$cli")
if [ -f "$(dirname "$real")/hook.cjs" ]; then
  exec node "$(dirname "$real")/hook.cjs" "$event"
fi
exec "$cli" hook "$event"
