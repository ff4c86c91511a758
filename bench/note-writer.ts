import type { Rng } from "./prng";
import { tag, type PlannedLink, type VaultPlan } from "./vault-plan";
import { titleCase } from "./vocabulary";

export interface TextSource {
	rng: Rng;
	/** Next body word, drawn with natural (Zipf) frequencies. */
	word: () => string;
}

/** Typical rendered sentence length, used to spread a note's links evenly through its body. */
const BYTES_PER_SENTENCE = 80;
/** Notes with more links than this list them as an index instead of weaving them into prose. */
const INDEX_NOTE_LINKS = 15;
const FIRST_CREATED_DAY = Date.UTC(2021, 0, 1);
const DAY_MS = 86_400_000;

/** The markdown text of note `index`, frontmatter included. */
export function renderNote(plan: VaultPlan, index: number, text: TextSource): string {
	return renderFrontmatter(plan, index, text.rng) + renderBody(plan, index, text);
}

/**
 * How Obsidian writes a link to `target` from `source`: the bare name when it is unique or the
 * duplicate sits in the source's own folder (closest path wins), else the path without `.md`.
 */
function linkText(plan: VaultPlan, source: number, target: number): string {
	const note = plan.notes[target];
	const ambiguous = (plan.nameCount.get(note.name.toLowerCase()) ?? 0) > 1;
	if (!ambiguous || note.folder === plan.notes[source].folder) return note.name;
	return note.path.slice(0, -".md".length);
}

function renderFrontmatter(plan: VaultPlan, index: number, rng: Rng): string {
	const note = plan.notes[index];
	const lines: string[] = [];
	if (note.aliases.length > 0) lines.push("aliases:", ...note.aliases.map((alias) => `  - ${alias}`));
	if (note.tags.length > 0) lines.push("tags:", ...note.tags.map((name) => `  - ${name}`));
	for (const list of note.typed) {
		const links = list.targets.map((target) => `"[[${linkText(plan, index, target)}]]"`);
		// Obsidian writes block lists; hand-written notes sometimes use the flow style.
		if (rng.chance(0.25)) lines.push(`${list.key}: [${links.join(", ")}]`);
		else lines.push(`${list.key}:`, ...links.map((link) => `  - ${link}`));
	}
	if (note.memory?.category !== undefined) lines.push(`memory_category: ${note.memory.category}`);
	if (note.memory?.pinned === true) lines.push("memory_pinned: true");
	if (note.memory?.status !== undefined) lines.push(`memory_status: ${note.memory.status}`);
	if (lines.length === 0 && !rng.chance(0.3)) return "";
	const created = new Date(FIRST_CREATED_DAY + rng.int(1500) * DAY_MS).toISOString().slice(0, 10);
	return ["---", `created: ${created}`, ...lines, "---", ""].join("\n");
}

function renderBody(plan: VaultPlan, index: number, text: TextSource): string {
	const { rng } = text;
	const note = plan.notes[index];
	const out: string[] = [];
	const isEmbed = (link: PlannedLink): boolean => link.kind === "note" && link.form === "embed";
	const embeds = note.links.filter(isEmbed);
	const asIndex = note.links.length > INDEX_NOTE_LINKS;
	const woven = asIndex ? [] : note.links.filter((link) => !isEmbed(link));
	const blocksBySection = new Map<number, string[]>();
	for (const block of note.blocks) {
		const section = rng.int(note.headings.length + 1);
		blocksBySection.set(section, [...(blocksBySection.get(section) ?? []), block]);
	}

	if (asIndex) {
		out.push(
			sentence(text),
			"",
			...note.links.filter((link) => !isEmbed(link)).map((link) => `- ${renderLink(plan, index, link, text)}`),
			"",
		);
	}
	if (note.inlineField !== undefined) {
		out.push(`${note.inlineField.key}:: [[${linkText(plan, index, note.inlineField.target)}]]`, "");
	}
	if (note.selfHeadingLink) out.push(`${sentence(text)} See [[#${rng.pick(note.headings)}]].`, "");

	let written = out.reduce((sum, line) => sum + line.length + 1, 0);
	const sectionBudget = note.sizeBytes / (note.headings.length + 1);
	for (let section = 0; section <= note.headings.length; section++) {
		if (section > 0) out.push(`## ${note.headings[section - 1]}`, "");
		const sectionEnd = written + sectionBudget;
		let blocks = blocksBySection.get(section) ?? [];
		do {
			const asList = rng.chance(0.15);
			const sentences: string[] = [];
			for (let count = rng.range(2, 6); count > 0 && (sentences.length === 0 || written < sectionEnd); count--) {
				const sentencesLeft = Math.max(1, (note.sizeBytes - written) / BYTES_PER_SENTENCE);
				const link = rng.next() < woven.length / sentencesLeft ? woven.shift() : undefined;
				const line = sentence(text, link && renderLink(plan, index, link, text));
				sentences.push(asList ? `- ${line}` : line);
				written += line.length + 1;
			}
			let paragraph = sentences.join(asList ? "\n" : " ");
			if (blocks.length > 0) {
				paragraph += blocks.map((block) => ` ^${block}`).join("");
				blocks = [];
			}
			out.push(paragraph, "");
			const embed = embeds.length > 0 && rng.chance(0.3) ? embeds.shift() : undefined;
			if (embed !== undefined) out.push(renderLink(plan, index, embed, text), "");
		} while (written < sectionEnd);
	}
	if (woven.length > 0)
		out.push(`See also ${woven.map((link) => renderLink(plan, index, link, text)).join(", ")}.`, "");
	for (const embed of embeds) out.push(renderLink(plan, index, embed, text), "");
	return out.join("\n");
}

/** A sentence of 6–18 words, with an optional link placed among them and sometimes an inline tag. */
function sentence(text: TextSource, link?: string): string {
	const words: string[] = [titleCase(text.word())];
	for (let count = text.rng.range(5, 17); count > 0; count--) words.push(text.word());
	if (link !== undefined) words.splice(text.rng.range(1, words.length), 0, link);
	if (text.rng.chance(0.02)) words.push(`#${tag(text.rng)}`);
	return `${words.join(" ")}.`;
}

function renderLink(plan: VaultPlan, source: number, link: PlannedLink, text: TextSource): string {
	if (link.kind === "dangling") return `[[${link.name}]]`;
	const { rng } = text;
	const target = plan.notes[link.target];
	const written = linkText(plan, source, link.target);
	switch (link.form) {
		case "plain":
			return `[[${written}]]`;
		case "alias":
			return `[[${written}|${target.aliases.length > 0 ? rng.pick(target.aliases) : phrase(text)}]]`;
		case "heading":
			return `[[${written}#${rng.pick(target.headings)}]]`;
		case "block":
			return `[[${written}#^${rng.pick(target.blocks)}]]`;
		case "embed":
			return `![[${written}]]`;
		case "markdown":
			return `[${phrase(text)}](${`${written}.md`.replaceAll(" ", "%20")})`;
	}
}

function phrase(text: TextSource): string {
	return Array.from({ length: text.rng.range(1, 3) }, () => text.word()).join(" ");
}
