import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { errorMessage } from "../core/model/error-message";
import type { MemorySettings } from "../core/model/settings";
import { generateToken } from "../mcp/http/mcp-http-server";
import { keepSettingsPrivate, pluginFolder, saveHeadlessSettings } from "./headless-settings";

/** The environment variable `serve` reads the bearer token from when no flag gives one. */
export const TOKEN_ENV = "CAUSAL_MEMORY_TOKEN";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43,}$/;
const TOKEN_RULE = "at least 43 URL-safe base64 characters (32 random bytes)";

export interface TokenOptions {
	vaultDir: string;
	/** Serve without a token (conformance suite only); excludes --token and --token-file, and ignores the environment. */
	noAuth: boolean;
	/** `--token`: other local users can read it in the process list. */
	token?: string;
	/** `--token-file`: a file holding the token on one line. */
	tokenFile?: string;
	env: Readonly<Record<string, string | undefined>>;
	log: (line: string) => void;
}

export type TokenSource = "--token" | "--token-file" | typeof TOKEN_ENV | "data.json" | "generated" | "none";

/**
 * The bearer token `serve` requires, from the first of: `--token`, `--token-file`, the
 * CAUSAL_MEMORY_TOKEN environment variable, the token saved in data.json, or a new one saved
 * there. A saved token's data.json is made readable by its owner only.
 */
export async function resolveServeToken(
	options: TokenOptions,
	settings: MemorySettings,
): Promise<{ token: string | null; source: TokenSource }> {
	if (options.token !== undefined && options.tokenFile !== undefined)
		throw new Error("--token and --token-file exclude each other: give the token once");
	if (options.noAuth) {
		if (options.token !== undefined || options.tokenFile !== undefined)
			throw new Error("--no-auth excludes --token and --token-file");
		options.log(
			"WARNING: --no-auth serves every MCP tool without a token; any local program can read and change your memories. Use it only for conformance tests.",
		);
		return { token: null, source: "none" };
	}
	if (options.token !== undefined) {
		return {
			token: checked(options.token, "--token", "leave it out to use the saved or a generated one"),
			source: "--token",
		};
	}
	if (options.tokenFile !== undefined)
		return { token: await tokenFromFile(options.tokenFile, options.log), source: "--token-file" };
	const fromEnv = options.env[TOKEN_ENV];
	if (fromEnv !== undefined && fromEnv !== "") {
		return {
			token: checked(fromEnv.trim(), TOKEN_ENV, "unset it to use the saved or a generated token"),
			source: TOKEN_ENV,
		};
	}
	const file = join(pluginFolder(options.vaultDir), "data.json");
	if (settings.mcp.token !== undefined) {
		if (await keepSettingsPrivate(options.vaultDir))
			options.log(
				`${file} holds the MCP token and other users could read it; it is now readable by you only (mode 600)`,
			);
		return { token: settings.mcp.token, source: "data.json" };
	}
	const token = generateToken();
	await saveHeadlessSettings(options.vaultDir, (saved) => ({ ...saved, mcp: { ...asObject(saved.mcp), token } }));
	options.log(`generated a new MCP token and saved it in ${file}`);
	return { token, source: "generated" };
}

async function tokenFromFile(path: string, log: (line: string) => void): Promise<string> {
	let text: string;
	try {
		text = await readFile(path, "utf8");
	} catch (error) {
		throw new Error(`--token-file "${path}" cannot be read: ${errorMessage(error)}`);
	}
	const token = checked(text.trim(), `--token-file "${path}"`, "put the token alone on the first line");
	if (process.platform !== "win32" && ((await stat(path)).mode & 0o077) !== 0) {
		log(`WARNING: --token-file "${path}" can be read by other users; make it private (chmod 600)`);
	}
	return token;
}

function checked(token: string, source: string, fix: string): string {
	if (!TOKEN_PATTERN.test(token)) throw new Error(`${source} must be ${TOKEN_RULE}; ${fix}`);
	return token;
}

function asObject(value: unknown): Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
