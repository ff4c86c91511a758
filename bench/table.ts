export type Cell = string | number;

/**
 * An aligned plain-text table: text columns left-aligned, number columns right-aligned.
 * Numbers are printed as given, so round them before passing them in.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
	const widths = headers.map((header, column) =>
		Math.max(header.length, ...rows.map((row) => String(row[column] ?? "").length)),
	);
	const numeric = headers.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === "number"));
	const line = (cells: readonly Cell[]): string =>
		widths
			.map((width, column) => {
				const text = String(cells[column] ?? "");
				return numeric[column] ? text.padStart(width) : text.padEnd(width);
			})
			.join("  ")
			.trimEnd();
	return [line(headers), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}
