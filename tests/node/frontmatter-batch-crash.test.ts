import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../bench/prng";
import { editFrontmatter } from "../../src/core/frontmatter/edit-frontmatter";
import { sharedPath } from "../helpers/shared";

const corpus = sharedPath("corpora", "kepano-obsidian");
const KILLS = 4;

async function markdownFiles(root: string): Promise<string[]> {
	const entries = await readdir(root, { recursive: true, withFileTypes: true });
	return entries
		.filter((e) => e.isFile() && e.name.endsWith(".md") && !relative(root, join(e.parentPath, e.name)).startsWith("."))
		.map((e) => relative(root, join(e.parentPath, e.name)).split("\\").join("/"))
		.sort();
}

/** Runs the writer; with `killAfter`, SIGKILLs it once that many writes were acknowledged. Returns the acknowledged paths. */
function runWriter(script: string, vault: string, status: string, killAfter: number | null): Promise<string[]> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [script, vault, status], { stdio: ["ignore", "pipe", "pipe"] });
		const acks: string[] = [];
		let buffer = "";
		let stderr = "";
		child.stdout.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => {
			buffer += chunk;
			const lines = buffer.split("\n");
			buffer = lines.pop() ?? "";
			for (const line of lines) if (line.startsWith("wrote ")) acks.push(line.slice(6));
			if (killAfter !== null && acks.length >= killAfter) child.kill("SIGKILL");
		});
		child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
		child.on("error", reject);
		child.on("exit", (code, signal) => {
			if (signal === "SIGKILL" || code === 0) resolve(acks);
			else reject(new Error(`writer exited with ${code}: ${stderr}`));
		});
	});
}

describe.skipIf(!corpus.found)("a frontmatter batch killed part-way (SIGKILL) over a real vault", () => {
	let root = "";
	let script = "";

	beforeAll(async () => {
		root = await mkdtemp(join(tmpdir(), "cm-batch-crash-"));
		script = join(root, "writer.mjs");
		await build({
			entryPoints: [fileURLToPath(new URL("./fixtures/frontmatter-batch-writer.ts", import.meta.url))],
			bundle: true,
			platform: "node",
			format: "esm",
			target: "node20",
			outfile: script,
			logLevel: "silent",
			banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
		});
	});

	afterAll(async () => {
		await rm(root, { recursive: true, force: true });
	});

	it("leaves every note either as it was or fully written, and the next run finishes the batch", async () => {
		const rng = createRng(20261129);
		for (let kill = 0; kill < KILLS; kill++) {
			const vault = join(root, `vault-${kill}`);
			await cp(corpus.path, vault, { recursive: true });
			const paths = await markdownFiles(vault);
			const before = new Map<string, string>();
			for (const path of paths) before.set(path, await readFile(join(vault, path), "utf8"));
			const expected = (path: string): string => {
				const edit = editFrontmatter(before.get(path) ?? "", { memory_status: "fading" });
				if (!edit.ok) throw new Error(edit.error);
				return edit.content;
			};

			const acked = await runWriter(script, vault, "fading", rng.range(1, paths.length - 2));
			let written = 0;
			for (const path of paths) {
				const now = await readFile(join(vault, path), "utf8");
				const states = [before.get(path), expected(path)];
				expect(states, `${path} after kill ${kill}`).toContain(now);
				if (now !== before.get(path)) written++;
				if (acked.includes(path)) expect(now, `${path} was acknowledged`).toBe(expected(path));
			}
			expect(written).toBeGreaterThanOrEqual(acked.length);
			const leftovers = (await readdir(vault, { recursive: true })).filter((name) => String(name).includes(".tmp"));
			expect(leftovers.length, "temp files left by the killed write").toBeLessThanOrEqual(1);

			await runWriter(script, vault, "fading", null);
			for (const path of paths) expect(await readFile(join(vault, path), "utf8"), path).toBe(expected(path));
			await rm(vault, { recursive: true, force: true });
		}
	}, 120_000);
});
