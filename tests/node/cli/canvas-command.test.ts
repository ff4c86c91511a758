import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { canvasCommand } from "../../../src/node/cli/canvas-command";
import { canvasProblems } from "../../core/canvas/canvas-spec";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../../fakes/obsidian/vault";

const EXAMPLE_VAULT = fileURLToPath(new URL("../../../examples/vault", import.meta.url));
const NOTE = "Decisions/Use CRDTs for note merging.md";
const DEFAULT_FILE = "Memory/Canvases/Use CRDTs for note merging chain.canvas";

let vault: string;
let output: string[];

beforeEach(() => {
	vault = mkdtempSync(join(tmpdir(), "canvas-command-"));
	cpSync(EXAMPLE_VAULT, vault, { recursive: true });
	output = [];
	vi.spyOn(process.stdout, "write").mockImplementation((chunk) => output.push(String(chunk)) > 0);
	vi.spyOn(process.stderr, "write").mockImplementation(() => true);
});

afterEach(() => {
	vi.restoreAllMocks();
	rmSync(vault, { recursive: true, force: true });
});

function printed(): string {
	return output.join("");
}

describe("causal-memory canvas", () => {
	it("writes the chain into the memory folder's Canvases, valid JSON Canvas, and the same file again on a re-run", async () => {
		expect(await canvasCommand({ vaultDir: vault, note: NOTE, json: false })).toBe(0);
		const file = join(vault, DEFAULT_FILE);
		const first = readFileSync(file, "utf8");
		const canvas = JSON.parse(first) as { nodes: { file: string }[]; edges: { label: string }[] };
		expect(canvasProblems(canvas)).toEqual([]);
		expect(canvas.nodes.map((node) => node.file)).toContain(NOTE);
		expect(canvas.nodes.map((node) => node.file)).toContain("Incidents/Lost edits after concurrent save.md");
		expect(canvas.edges.length).toBeGreaterThan(2);
		expect(printed()).toContain(`Wrote the causal chain of ${NOTE} to ${file}`);

		expect(await canvasCommand({ vaultDir: vault, note: "Use CRDTs for note merging", json: false })).toBe(0);
		expect(readFileSync(file, "utf8")).toBe(first);
		expect(readdirSync(join(vault, "Memory/Canvases"))).toEqual(["Use CRDTs for note merging chain.canvas"]);
	});

	it("draws deeper with --depth, writes to --out, and follows the canvas folder setting", async () => {
		const out = join(vault, "elsewhere", "chain.canvas");
		await canvasCommand({ vaultDir: vault, note: NOTE, depth: 1, out, json: true });
		const shallow = JSON.parse(readFileSync(out, "utf8")) as { nodes: unknown[] };
		await canvasCommand({ vaultDir: vault, note: NOTE, depth: 4, out, json: true });
		const deep = JSON.parse(readFileSync(out, "utf8")) as { nodes: unknown[] };
		expect(deep.nodes.length).toBeGreaterThan(shallow.nodes.length);
		expect(existsSync(join(vault, "Memory/Canvases"))).toBe(false);

		const settingsDir = join(vault, CONFIG_DIR, "plugins/causal-memory");
		mkdirSync(settingsDir, { recursive: true });
		writeFileSync(join(settingsDir, "data.json"), JSON.stringify({ maintenance: { canvasFolder: "Maps/Chains" } }));
		await canvasCommand({ vaultDir: vault, note: NOTE, json: false });
		expect(existsSync(join(vault, "Maps/Chains/Use CRDTs for note merging chain.canvas"))).toBe(true);
	});

	it("refuses a note that does not exist or is not a memory, and writes nothing", async () => {
		await expect(canvasCommand({ vaultDir: vault, note: "Decisions/Nothing.md", json: false })).rejects.toThrow(
			'No memory "Decisions/Nothing.md" (field --note)',
		);
		const settingsDir = join(vault, CONFIG_DIR, "plugins/causal-memory");
		mkdirSync(settingsDir, { recursive: true });
		writeFileSync(join(settingsDir, "data.json"), JSON.stringify({ index: { excludedFolders: ["People"] } }));
		await expect(canvasCommand({ vaultDir: vault, note: "People/Maya Okafor.md", json: false })).rejects.toThrow(
			'"People/Maya Okafor.md" is not a memory',
		);
		await expect(canvasCommand({ vaultDir: vault, note: NOTE, depth: 0, json: false })).rejects.toThrow(
			"depth must be a whole number from 1 to 10",
		);
		expect(existsSync(join(vault, "Memory/Canvases"))).toBe(false);
	});
});
