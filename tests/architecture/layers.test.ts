import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../../src");

interface Import {
	/** A path under src/ for a relative import ("core/model/settings"), else the package name. */
	target: string;
	local: boolean;
}

/** Every TypeScript file under `folder`, as paths relative to src/. */
function sourceFiles(folder: string): string[] {
	return readdirSync(join(SRC, folder), { recursive: true, encoding: "utf8" })
		.filter((file) => file.endsWith(".ts"))
		.map((file) => join(folder, file));
}

/** The modules a file imports: static, dynamic and type-only. */
function importsOf(file: string): Import[] {
	const text = readFileSync(join(SRC, file), "utf8");
	return [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map(([, specifier]) =>
		specifier.startsWith(".")
			? { target: relative(SRC, resolve(SRC, dirname(file), specifier)), local: true }
			: { target: specifier, local: false },
	);
}

/** Imports by files under `folder` that `allowed` refuses, as "file -> import". */
function violations(folder: string, allowed: (imported: Import) => boolean): string[] {
	return sourceFiles(folder).flatMap((file) =>
		importsOf(file)
			.filter((imported) => !allowed(imported))
			.map((imported) => `${file} -> ${imported.target}`),
	);
}

/**
 * The modules a file imports values from (an `import type` or `{ type A, type B }` is erased by
 * the compiler and left out; an `export … from` and a dynamic `import()` count).
 */
function valueImportsOf(file: string): Import[] {
	const text = readFileSync(join(SRC, file), "utf8");
	const statements = text.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+"([^"]+)"/gm);
	const dynamic = text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g);
	const specifiers = [
		...[...statements].filter(([, type, names]) => !type && !onlyTypes(names)).map(([, , , specifier]) => specifier),
		...[...dynamic].map(([, specifier]) => specifier),
	];
	return specifiers.map((specifier) =>
		specifier.startsWith(".")
			? { target: relative(SRC, resolve(SRC, dirname(file), specifier)), local: true }
			: { target: specifier, local: false },
	);
}

/** `{ type A, type B }`: every named import is a type. */
function onlyTypes(names: string): boolean {
	const inside = /^\{([^}]*)\}$/.exec(names.trim());
	const list = inside
		? inside[1]
				.split(",")
				.map((name) => name.trim())
				.filter(Boolean)
		: [];
	return list.length > 0 && list.every((name) => name.startsWith("type "));
}

const within =
	(...folders: string[]) =>
	({ target, local }: Import): boolean =>
		local && folders.some((folder) => target.startsWith(`${folder}/`));
/** An npm package other than the host platform (Obsidian's API or Node's built-ins). */
const portablePackage = ({ target, local }: Import): boolean =>
	!local && target !== "obsidian" && !target.startsWith("node:");

describe("layers: dependencies point downwards only", () => {
	it("sees the imports it checks (a rule that sees nothing cannot fail)", () => {
		expect(importsOf("engine/memory-engine.ts")).toContainEqual({ target: "core/model/settings", local: true });
		expect(violations("engine", within("core"))).not.toEqual([]);
	});

	it("src/core/util holds generic algorithms: it imports nothing of the project but itself", () => {
		expect(violations("core/util", (i) => within("core/util")(i) || portablePackage(i))).toEqual([]);
	});

	it("src/core/model holds the base types: it imports nothing above it but the generic algorithms", () => {
		expect(violations("core/model", (i) => within("core/model", "core/util")(i) || portablePackage(i))).toEqual([]);
	});

	it("src/core imports neither obsidian, node:*, nor any layer above it", () => {
		expect(violations("core", (i) => within("core")(i) || portablePackage(i))).toEqual([]);
	});

	it("src/core reads no clock and no randomness: time and chance come in as arguments", () => {
		const offenders = sourceFiles("core").filter((file) =>
			/\bDate\.now\(|new Date\(\)|performance\.now\(|Math\.random\(/.test(readFileSync(join(SRC, file), "utf8")),
		);
		expect(offenders).toEqual([]);
	});

	it("src/engine imports only core, itself and packages: no adapter, no obsidian, no node:*", () => {
		expect(violations("engine", (i) => within("core", "engine")(i) || portablePackage(i))).toEqual([]);
	});

	it("only src/obsidian and the plugin entry import obsidian", () => {
		const outside = ["core", "engine", "node", "mcp", "workers", "embeddings"].flatMap((folder) =>
			violations(folder, ({ target, local }) => local || target !== "obsidian"),
		);
		expect(outside).toEqual([]);
	});

	it("src/engine has no file at its root but the facade", () => {
		const files = readdirSync(join(SRC, "engine"), { withFileTypes: true }).filter((entry) => entry.isFile());
		expect(files.map((entry) => entry.name)).toEqual(["memory-engine.ts"]);
	});

	it("MCP tools, resources and prompts see the engine only through ReadableMemory (reads limited to readable notes)", () => {
		const facade = ({ target }: Import): boolean => target === "engine/memory-engine";
		expect(violations("mcp", (i) => !facade(i))).toEqual([
			"mcp/memory-mcp-server.ts -> engine/memory-engine",
			"mcp/memory-tool.ts -> engine/memory-engine",
			"mcp/readable-memory.ts -> engine/memory-engine",
		]);
	});

	it("hosts (src/obsidian, src/node, src/mcp) take values from src/engine only through the facade; types from anywhere", () => {
		const engineValues = (folder: string): string[] =>
			sourceFiles(folder).flatMap((file) =>
				valueImportsOf(file)
					.filter(({ target, local }) => local && target.startsWith("engine/") && target !== "engine/memory-engine")
					.map(({ target }) => `${file} -> ${target}`),
			);
		// A check that sees nothing cannot fail: it sees the facade's value import, and skips a type-only one.
		expect(valueImportsOf("node/cli/index-command.ts")).toContainEqual({ target: "engine/memory-engine", local: true });
		expect(importsOf("node/cli/format-summary.ts")).toContainEqual({ target: "engine/index/vault-index", local: true });
		expect(valueImportsOf("node/cli/format-summary.ts")).not.toContainEqual({
			target: "engine/index/vault-index",
			local: true,
		});
		expect(engineValues("obsidian").concat(engineValues("node"), engineValues("mcp"))).toEqual([]);
	});
});
