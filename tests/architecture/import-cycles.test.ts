import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../../src");

/**
 * The files under src/ a file imports at run time: static `import … from` and `export … from`
 * of relative paths, except type-only ones (erased by the compiler) and dynamic `import()` (which
 * runs later, on first use, so it cannot take part in a cycle at evaluation).
 */
function runtimeImports(file: string): string[] {
	const text = readFileSync(join(SRC, file), "utf8");
	const statements = text.matchAll(
		/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+"(\.[^"]+)"|^import\s+"(\.[^"]+)"/gm,
	);
	const targets: string[] = [];
	for (const [, typeOnly, clause = "", fromPath, bare] of statements) {
		const specifier = fromPath ?? bare;
		if (specifier === undefined || typeOnly !== undefined || onlyTypes(clause)) continue;
		targets.push(toFile(relative(SRC, resolve(SRC, dirname(file), specifier))));
	}
	return targets;
}

/** `{ type A, type B }`: every named import is a type. */
function onlyTypes(clause: string): boolean {
	const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
	if (!braces) return false;
	const names = (braces[1] ?? "")
		.split(",")
		.map((name) => name.trim())
		.filter((name) => name !== "");
	return names.length > 0 && names.every((name) => name.startsWith("type "));
}

function toFile(path: string): string {
	if (existsSync(join(SRC, `${path}.ts`))) return `${path}.ts`;
	if (existsSync(join(SRC, path, "index.ts"))) return join(path, "index.ts");
	return path;
}

/** Groups of files that import each other at run time (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (file: string): void => {
		index.set(file, counter);
		low.set(file, counter);
		counter++;
		stack.push(file);
		onStack.add(file);
		for (const next of graph.get(file) ?? []) {
			if (!graph.has(next)) continue;
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
			} else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
		}
		if (low.get(file) !== index.get(file)) return;
		const component: string[] = [];
		for (;;) {
			const member = stack.pop() as string;
			onStack.delete(member);
			component.push(member);
			if (member === file) break;
		}
		if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return found;
}

const sourceGraph = (): Map<string, string[]> =>
	new Map(
		readdirSync(SRC, { recursive: true, encoding: "utf8" })
			.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
			.map((file) => [file, runtimeImports(file)]),
	);

describe("import cycles: no two files of src/ import each other at run time", () => {
	it("sees a cycle when there is one, and ignores type-only imports (a check that sees nothing cannot fail)", () => {
		const graph = new Map([
			["a.ts", ["b.ts"]],
			["b.ts", ["c.ts"]],
			["c.ts", ["a.ts"]],
			["d.ts", ["a.ts"]],
		]);
		expect(cycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
		expect(onlyTypes("{ type A, type B }")).toBe(true);
		expect(onlyTypes("{ type A, B }")).toBe(false);
		expect(runtimeImports("main.ts")).toContain("obsidian/engine-service.ts");
	});

	it("src/ has none (a cycle makes evaluation order decide what is undefined at load)", () => {
		expect(cycles(sourceGraph())).toEqual([]);
	});
});
