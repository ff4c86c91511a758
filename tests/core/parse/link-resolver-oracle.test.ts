import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAttachmentLink, LinkResolver } from "../../../src/core/parse/link-resolver";
import { sharedPath } from "../../helpers/shared";

/**
 * Oracle for link resolution: each fixture records what Obsidian's getFirstLinkpathDest returned
 * for every link of the note. The vault is rebuilt from the fixture notes plus every markdown
 * note Obsidian resolved to, and each recorded answer must come out the same.
 */

interface ResolveFixture {
	filePath: string;
	resolveLinkToPath: Record<string, string | null>;
}

const fixtures = sharedPath("fixtures", "obsidian-cached-metadata");
const loaded: ResolveFixture[] = fixtures.found
	? readdirSync(fixtures.path)
			.filter((name) => name.endsWith(".json"))
			.sort()
			.map((name) => JSON.parse(readFileSync(join(fixtures.path, name), "utf8")) as ResolveFixture)
	: [];

const cases = loaded.flatMap((fixture) =>
	Object.entries(fixture.resolveLinkToPath).map(([link, target]) => ({ source: fixture.filePath, link, target })),
);

function vault(): LinkResolver {
	const resolver = new LinkResolver();
	for (const fixture of loaded) resolver.add(fixture.filePath);
	for (const { target } of cases) if (target?.endsWith(".md")) resolver.add(target);
	return resolver;
}

describe.skipIf(!fixtures.found)("LinkResolver against Obsidian's resolveLinkToPath", () => {
	const resolver = vault();

	it("has recorded resolutions to compare against", () => {
		expect(cases.filter((c) => c.target?.endsWith(".md")).length).toBeGreaterThan(30);
	});

	it.each(cases)("$source: [[$link]] → $target", ({ source, link, target }) => {
		if (target !== null && !target.endsWith(".md")) {
			expect(isAttachmentLink(link)).toBe(true);
			expect(resolver.resolve(link, source)).toBeNull();
		} else {
			expect(resolver.resolve(link, source)).toBe(target);
		}
	});
});
