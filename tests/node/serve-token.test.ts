import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readMemorySettings } from "../../src/core/model/settings";
import { generateToken } from "../../src/mcp/http/mcp-http-server";
import { pluginFolder } from "../../src/node/headless-settings";
import { resolveServeToken, TOKEN_ENV, type TokenOptions } from "../../src/node/serve-token";

describe("serve: where the token comes from", () => {
	let vault: string;
	let logs: string[];
	beforeEach(async () => {
		vault = await mkdtemp(join(tmpdir(), "cm-serve-token-"));
		logs = [];
	});
	afterEach(async () => {
		await rm(vault, { recursive: true, force: true });
	});

	const dataJson = () => join(pluginFolder(vault), "data.json");
	const resolve = (options: Partial<TokenOptions>, saved?: string) =>
		resolveServeToken(
			{ vaultDir: vault, noAuth: false, env: {}, log: (line) => logs.push(line), ...options },
			readMemorySettings({ mcp: { token: saved } }).settings,
		);

	async function tokenFile(content: string, mode = 0o600): Promise<string> {
		const file = join(vault, "token");
		await writeFile(file, content);
		await chmod(file, mode);
		return file;
	}

	it("takes --token, then --token-file, then CAUSAL_MEMORY_TOKEN, then the saved token", async () => {
		const [flag, file, env, saved] = [generateToken(), generateToken(), generateToken(), generateToken()];
		const path = await tokenFile(`${file}\n`);
		expect(await resolve({ token: flag, env: { [TOKEN_ENV]: env } }, saved)).toEqual({
			token: flag,
			source: "--token",
		});
		expect(await resolve({ tokenFile: path, env: { [TOKEN_ENV]: env } }, saved)).toEqual({
			token: file,
			source: "--token-file",
		});
		expect(await resolve({ env: { [TOKEN_ENV]: env } }, saved)).toEqual({ token: env, source: TOKEN_ENV });
		expect(await resolve({ env: { [TOKEN_ENV]: "" } }, saved)).toEqual({ token: saved, source: "data.json" });
		expect(logs).toEqual([]);
	});

	it("generates a token on first run and saves it in a data.json only its owner can read", async () => {
		const { token, source } = await resolve({});
		expect(source).toBe("generated");
		expect(JSON.parse(await readFile(dataJson(), "utf8"))).toEqual({ mcp: { token } });
		if (process.platform !== "win32") expect((await stat(dataJson())).mode & 0o777).toBe(0o600);
		expect(logs.join("\n")).not.toContain(token);
	});

	it.skipIf(process.platform === "win32")(
		"makes a saved token's data.json private when others could read it",
		async () => {
			const saved = generateToken();
			await mkdir(pluginFolder(vault), { recursive: true });
			await writeFile(dataJson(), JSON.stringify({ mcp: { token: saved } }));
			await chmod(dataJson(), 0o644);
			expect(await resolve({}, saved)).toEqual({ token: saved, source: "data.json" });
			expect((await stat(dataJson())).mode & 0o777).toBe(0o600);
			expect(logs).toEqual([
				`${dataJson()} holds the MCP token and other users could read it; it is now readable by you only (mode 600)`,
			]);
			logs.length = 0;
			await resolve({}, saved);
			expect(logs).toEqual([]);
		},
	);

	it.skipIf(process.platform === "win32")("warns when the token file can be read by other users", async () => {
		const path = await tokenFile(generateToken(), 0o644);
		await resolve({ tokenFile: path });
		expect(logs).toEqual([`WARNING: --token-file "${path}" can be read by other users; make it private (chmod 600)`]);
	});

	it("refuses a bad or missing token file, a bad variable, and conflicting sources, naming each", async () => {
		const short = await tokenFile("too-short\n");
		await expect(resolve({ tokenFile: short })).rejects.toThrow(
			`--token-file "${short}" must be at least 43 URL-safe base64 characters (32 random bytes); put the token alone on the first line`,
		);
		const missing = join(vault, "missing");
		await expect(resolve({ tokenFile: missing })).rejects.toThrow(`--token-file "${missing}" cannot be read: ENOENT`);
		await expect(resolve({ env: { [TOKEN_ENV]: "not a token" } })).rejects.toThrow(`${TOKEN_ENV} must be at least 43`);
		await expect(resolve({ token: generateToken(), tokenFile: short })).rejects.toThrow(
			"--token and --token-file exclude each other",
		);
		await expect(resolve({ noAuth: true, tokenFile: short })).rejects.toThrow(
			"--no-auth excludes --token and --token-file",
		);
	});

	it("serves without a token with --no-auth, whatever the environment holds, and says so", async () => {
		expect(await resolve({ noAuth: true, env: { [TOKEN_ENV]: generateToken() } })).toEqual({
			token: null,
			source: "none",
		});
		expect(logs[0]).toMatch(/^WARNING: --no-auth/);
	});
});
