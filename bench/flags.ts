export interface BenchFlags {
	/** A numeric flag (`--notes 1000`), or `fallback` when absent. */
	number(name: string, fallback: number): number;
	/** A text flag (`--out DIR`), or undefined when absent. */
	text(name: string): string | undefined;
	/** A switch (`--large`). */
	has(name: string): boolean;
}

/** Reads `--name value`, `--name=value` and `--switch` flags from a bench's command line. */
export function parseFlags(argv: readonly string[] = process.argv.slice(2)): BenchFlags {
	const values = new Map<string, string | true>();
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (!arg.startsWith("--")) throw new Error(`unexpected argument "${arg}"; flags look like --name value`);
		const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
		const next = argv[i + 1];
		if (inline !== undefined) values.set(name, inline);
		else if (next !== undefined && !next.startsWith("--")) values.set(name, argv[++i]);
		else values.set(name, true);
	}
	const text = (name: string): string | undefined => {
		const value = values.get(name);
		return typeof value === "string" ? value : undefined;
	};
	return {
		number: (name, fallback) => {
			const value = values.get(name);
			if (value === undefined) return fallback;
			const parsed = Number(value);
			if (value === true || !Number.isFinite(parsed))
				throw new Error(`--${name} needs a number, got ${value === true ? "nothing" : `"${value}"`}`);
			return parsed;
		},
		text,
		has: (name) => values.has(name),
	};
}
