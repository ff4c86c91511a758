import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundledPackages } from "../../scripts/bundled-packages.mjs";

/** The README's licence table: package name → licence cell. */
function readmeLicences(): Map<string, string> {
	const readme = readFileSync("README.md", "utf8");
	const section = readme.slice(readme.indexOf("## Third-party licences"), readme.indexOf("# For developers"));
	const rows = [...section.matchAll(/^\| `([^`]+)` \| ([^|]+) \|/gm)];
	return new Map(rows.map((row) => [row[1], row[2].trim()]));
}

describe("the README's third-party licences", () => {
	it("list exactly the packages esbuild bundles into main.js, each with the licence its package.json states", async () => {
		const bundled = await bundledPackages();
		const listed = readmeLicences();
		// Packages the plugin is known to bundle: the metafile walk must find them (a walk that finds nothing cannot fail).
		expect(bundled.map((pkg) => pkg.name)).toEqual(
			expect.arrayContaining([
				"@huggingface/transformers",
				"onnxruntime-web",
				"@modelcontextprotocol/sdk",
				"graphology",
				"minisearch",
				"zod",
				"yaml",
				"stemmer",
				"brotli",
			]),
		);
		expect([...listed.keys()].sort()).toEqual(bundled.map((pkg) => pkg.name).sort());
		for (const { name, license } of bundled)
			expect(listed.get(name), name).toMatch(new RegExp(`^${String(license).replace(/[.+-]/g, "\\$&")}\\b`));
	}, 120_000);
});
