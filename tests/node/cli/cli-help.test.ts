import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_USAGE } from "../../../src/node/cli/cli-command-usage";

const CLI = fileURLToPath(new URL("../../../dist/cli.cjs", import.meta.url));
const run = promisify(execFile);
const cwd = mkdtempSync(join(tmpdir(), "cli-help-"));

afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<{ code: number; stdout: string }> {
	try {
		const { stdout } = await run(process.execPath, [CLI, ...args], { cwd });
		return { code: 0, stdout };
	} catch (error) {
		const failed = error as { code: number; stdout: string };
		return { code: failed.code, stdout: failed.stdout };
	}
}

describe("causal-memory <command> --help", () => {
	it("prints each command's own usage (exit 0, no --vault needed, nothing written), one for every command listed", async () => {
		const general = await cli("--help");
		expect(general.code).toBe(0);
		const section = general.stdout.split("\nCommands:\n")[1]?.split("\n\n")[0] ?? "";
		const listed = [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((match) => match[1]);
		expect(listed).toContain("serve");
		expect(Object.keys(COMMAND_USAGE).sort()).toEqual([...new Set(listed)].sort());

		// One process per command, all at once: each is a Node start.
		const commands = Object.keys(COMMAND_USAGE);
		const answers = await Promise.all(commands.map((command) => cli(command, "--help")));
		commands.forEach((command, i) => {
			expect(answers[i], command).toEqual({ code: 0, stdout: `${COMMAND_USAGE[command]}\n` });
			expect(answers[i]?.stdout.startsWith(`Usage: causal-memory ${command}`), command).toBe(true);
			// Only options the CLI accepts.
			for (const [option] of COMMAND_USAGE[command]?.matchAll(/--[a-z][a-z-]*/g) ?? [])
				expect(general.stdout, `${command}: ${option}`).toContain(option);
		});
		expect(readdirSync(cwd)).toEqual([]);
	});
});
