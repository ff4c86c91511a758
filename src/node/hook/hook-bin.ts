/**
 * `node dist/hook.cjs EVENT`: the hook alone in a small bundle (no engine, no MCP SDK, no zod),
 * so a hook process starts about as fast as Node itself. The plugin's run-hook.sh prefers it to
 * `causal-memory hook EVENT`, which does the same from the full CLI bundle.
 */
import manifest from "../../../manifest.json";
import { runHook } from "./hook-main";

void runHook(process.argv[2] ?? "", manifest.version).then((code) => {
	process.exitCode = code;
});
