import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

interface Step {
	name?: string;
	run?: string;
}
const workflow = parse(readFileSync(".github/workflows/release.yml", "utf8")) as {
	on: { push: { tags: string[] } };
	jobs: { build: { steps: Step[] } };
};
const steps = workflow.jobs.build.steps;
const step = (name: string): string => {
	const found = steps.find((candidate) => candidate.name === name)?.run;
	if (found === undefined) throw new Error(`release.yml has no step "${name}"`);
	return found;
};

/** Runs the workflow's tag check in this repository, as the runner would for a pushed tag. */
function checkTag(tag: string): { status: number | null; output: string } {
	const result = spawnSync("bash", ["-e", "-c", step("Tag equals the manifest version")], {
		env: { ...process.env, GITHUB_REF: `refs/tags/${tag}` },
		encoding: "utf8",
	});
	return { status: result.status, output: result.stdout + result.stderr };
}

describe("the release workflow", () => {
	const { version } = JSON.parse(readFileSync("manifest.json", "utf8")) as { version: string };

	it("runs on a pushed tag and passes the check when the tag is manifest.json's version", () => {
		expect(workflow.on.push.tags).toEqual(["*"]);
		expect(checkTag(version)).toEqual({ status: 0, output: "" });
	});

	it("fails for a tag that is not the manifest version, naming both and the fix", () => {
		const { status, output } = checkTag(`v${version}`);
		expect(status).toBe(1);
		expect(output).toContain(
			`tag "v${version}" is not manifest.json's version "${version}": run \`npm version v${version}\``,
		);
	});

	it("builds from the lockfile, then attaches exactly main.js, manifest.json and styles.css to a draft release", () => {
		expect(step("Build plugin")).toMatch(/npm ci[^\n]*\nnpm run build/);
		expect(step("Create release")).toMatch(
			/gh release create "\$tag" --title="\$tag" --draft main\.js manifest\.json styles\.css\n$/,
		);
		const names = steps.map((candidate) => candidate.name);
		expect(names.indexOf("Tag equals the manifest version")).toBeLessThan(names.indexOf("Build plugin"));
	});

	it("npm tags versions without a prefix, and installs without onnxruntime-node's download", () => {
		const npmrc = readFileSync(".npmrc", "utf8").split("\n");
		expect(npmrc).toEqual(expect.arrayContaining(['tag-version-prefix=""', "onnxruntime-node-install=skip"]));
	});
});
