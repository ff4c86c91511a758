import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import { homedir, hostname } from "node:os";
import { join, resolve } from "node:path";
import { isDeviceId } from "../core/activity/device-id";
import { errorMessage } from "../core/model/error-message";

/*
 * The headless device id. It must not live in the vault: sync tools (Syncthing, iCloud, Dropbox,
 * git, rsync) copy the config folder too, and two machines sharing an id would append to one
 * log. So it lives in the user's local state folder, one file per vault folder:
 * `<state home>/causal-memory/devices/<hash of the vault's real path>.id`. The state home is
 * $CAUSAL_MEMORY_STATE_HOME if set, else %LOCALAPPDATA% on Windows, ~/Library/Application Support
 * on macOS, $XDG_STATE_HOME or ~/.local/state elsewhere.
 */

export function stateHome(env: NodeJS.ProcessEnv = process.env): string {
	if (env.CAUSAL_MEMORY_STATE_HOME) return env.CAUSAL_MEMORY_STATE_HOME;
	if (process.platform === "win32") return env.LOCALAPPDATA ?? join(homedir(), "AppData", "Local");
	if (process.platform === "darwin") return join(homedir(), "Library", "Application Support");
	return env.XDG_STATE_HOME || join(homedir(), ".local", "state");
}

/** Names the vault folder in the local state home: a hash of its real path. */
export async function vaultKey(vaultDir: string): Promise<string> {
	const real = await fs.realpath(vaultDir).catch(() => resolve(vaultDir));
	return createHash("sha256").update(real).digest("hex").slice(0, 16);
}

/** The file that holds this machine's device id for the vault folder. */
export async function deviceIdFile(vaultDir: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
	return join(stateHome(env), "causal-memory", "devices", `${await vaultKey(vaultDir)}.id`);
}

/**
 * This machine's device id for the vault, created on first use. If the state home cannot be
 * written, an id derived from the machine and the path is used (stable, but two machines with the
 * same host name and vault path would share it) and `warn` says so.
 */
export async function headlessDeviceId(
	vaultDir: string,
	warn: (message: string) => void,
	env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
	const file = await deviceIdFile(vaultDir, env);
	const saved = await fs.readFile(file, "utf8").then(
		(text) => text.trim(),
		() => null,
	);
	if (saved !== null && isDeviceId(saved)) return saved;
	const id = randomBytes(8).toString("hex");
	try {
		await fs.mkdir(join(file, ".."), { recursive: true });
		await fs.writeFile(file, `${id}\n`, { mode: 0o600 });
		return id;
	} catch (error) {
		const fallback = createHash("sha256").update(`${file}\0${hostname()}`).digest("hex").slice(0, 16);
		warn(
			`could not save the device id in ${file} (${errorMessage(error)}); using one derived from this machine and path. Set CAUSAL_MEMORY_STATE_HOME to a writable folder.`,
		);
		return fallback;
	}
}
