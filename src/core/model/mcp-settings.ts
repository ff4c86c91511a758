import { z } from "zod";
import { hookSettingsSchema } from "./hook-settings";
import { parseSettings } from "./parse-settings";
import { once } from "../util/once";

/**
 * Ports other Obsidian plugins and common dev servers already use (Local REST API, its TLS port,
 * the 27200 range, Node dev servers): the default and the walk-up never land on them.
 */
const RESERVED_PORTS: readonly (readonly [number, number])[] = [
	[3000, 3001],
	[3443, 3443],
	[27123, 27124],
	[27200, 27205],
];

const DEFAULT_MCP_PORT = 27150;

export const DEFAULT_IDLE_SESSION_MINUTES = 10;

export const DEFAULT_MAX_SESSIONS = 100;
const MIN_SESSIONS = 10;
const MAX_SESSIONS = 10_000;

export function isReservedPort(port: number): boolean {
	return RESERVED_PORTS.some(([low, high]) => port >= low && port <= high);
}

const folderList = (description: string) =>
	z
		.array(
			z
				.string()
				.trim()
				.refine((value) => value !== "" && !value.startsWith("/") && !value.split("/").includes(".."), {
					error: 'must be a folder path inside the vault, e.g. "Projects"',
				})
				.transform((value) => value.replace(/\/+$/, "")),
			{ error: "must be a list of folder paths" },
		)
		.default([])
		.describe(description);

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const mcpSettingsSchema = once(() => {
	return z.object({
		enabled: z
			.boolean()
			.default(true)
			.describe(
				"Start the MCP server when the vault opens, so Claude and other clients on this computer can use the memory.",
			)
			.meta({ title: "Start the server with the vault" }),
		port: z
			.number({ error: "must be a port number" })
			.int({ error: "must be a whole number" })
			.min(1024, { error: "must be at least 1024" })
			.max(65535, { error: "must be at most 65535" })
			.refine((port) => !isReservedPort(port), {
				error: "is used by other tools (3000–3001, 3443, 27123–27124, 27200–27205); pick another port",
			})
			.default(DEFAULT_MCP_PORT)
			.describe("Preferred port on 127.0.0.1; if it is taken, the next free one of the following 10 is used.")
			.meta({ title: "Port" }),
		fixedPort: z
			.boolean()
			.default(false)
			.describe("Use exactly this port and fail if it is taken, instead of walking up.")
			.meta({ title: "Only this port" }),
		token: z
			.string()
			.regex(/^[A-Za-z0-9_-]{43,}$/, {
				error: "must be at least 43 URL-safe base64 characters (32 random bytes); clear it to generate a new one",
			})
			.optional()
			.describe("Bearer token MCP clients must send; generated on first run.")
			.meta({ internal: true }),
		announcedPort: z
			.number()
			.int()
			.min(1)
			.max(65535)
			.optional()
			.describe(
				"The port the plugin last told the user about; the notice comes again only when the bound port changes.",
			)
			.meta({ internal: true }),
		readFolders: folderList("Folders MCP clients may read; empty means the whole vault except excluded folders.").meta({
			title: "Folders clients may read",
		}),
		writeFolders: folderList(
			"Folders where MCP clients may create and change notes; empty means only the memory folder.",
		).meta({ title: "Folders clients may write" }),
		allowMemoryKeysOnOtherNotes: z
			.boolean()
			.default(false)
			.describe(
				"Let MCP clients change memory_* frontmatter keys (pin, links) on readable notes outside the write folders.",
			)
			.meta({ title: "Clients may pin and link any readable note" }),
		idleSessionMinutes: z
			.number()
			.min(1, { error: "must be at least 1 minute" })
			.max(24 * 60, { error: "must be at most 1440 minutes" })
			.default(DEFAULT_IDLE_SESSION_MINUTES)
			.describe(
				"Sessions idle this long are closed (clients such as Claude Code never close their health-check sessions).",
			)
			.meta({ title: "Close idle sessions after", unit: "minutes" }),
		maxSessions: z
			.number({ error: "must be a number of sessions" })
			.int({ error: "must be a whole number" })
			.min(MIN_SESSIONS, { error: `must be at least ${MIN_SESSIONS}` })
			.max(MAX_SESSIONS, { error: `must be at most ${MAX_SESSIONS}` })
			.default(DEFAULT_MAX_SESSIONS)
			.describe(
				"Most sessions open at once; a new one closes the least recently used idle session first, so clients that never close theirs cannot exhaust memory.",
			)
			.meta({ title: "Most open sessions", unit: "sessions" }),
		hooks: hookSettingsSchema()
			.prefault({})
			.describe("The Claude Code plugin's hooks: automatic recall and session notes.")
			.meta({ title: "Claude Code hooks" }),
	});
});

export type McpSettings = z.infer<ReturnType<typeof mcpSettingsSchema>>;

export function parseMcpSettings(input: unknown): McpSettings {
	return parseSettings(mcpSettingsSchema(), input, "MCP");
}
