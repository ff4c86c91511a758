/**
 * A hub and `spokes` notes that all link to it (issue 29, item 13): of every five spokes three
 * say `caused_by: "[[Hub]]"`, one `supports`, one links to it in its text only; with
 * `supersededBy`, that last one `supersedes` it instead. Paths → contents.
 */
export function hubNotes(spokes: number, { supersededBy = false } = {}): Record<string, string> {
	const notes: Record<string, string> = { "Hub.md": "# Hub\nThe hub note about the payment service outage.\n" };
	const keys = ["caused_by", "caused_by", "caused_by", "supports", supersededBy ? "supersedes" : null];
	for (let i = 0; i < spokes; i++) {
		const key = keys[i % keys.length];
		const frontmatter = key === null ? "" : `---\n${key}: "[[Hub]]"\n---\n`;
		notes[`Spokes/Spoke ${i}.md`] = `${frontmatter}Spoke ${i} notes the payment service outage and [[Hub]].\n`;
	}
	return notes;
}
