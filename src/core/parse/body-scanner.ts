import { closesHtmlBlock, htmlBlockStart, type HtmlBlockEnd } from "./html-block";
import { findInlineFields, innermostFields } from "./inline-fields";
import { InlineScanner } from "./inline-scanner";
import {
	atxHeading,
	closesFence,
	fenceOpening,
	indentation,
	isListItem,
	isThematicBreak,
	quotePrefix,
	setextLevel,
	trailingBlockId,
	type FenceMarker,
} from "./line-syntax";
import type { HeadingRef, InlineFieldLinkRef, LinkRef, TagRef } from "../model/parsed-note";

export interface BodyFindings {
	links: LinkRef[];
	embeds: LinkRef[];
	inlineFieldLinks: InlineFieldLinkRef[];
	tags: TagRef[];
	headings: HeadingRef[];
	blocks: string[];
}

interface OpenFence extends FenceMarker {
	indent: number;
	quoteDepth: number;
	/** A fence opened inside a list item ends when the item does (a line indented less than it). */
	closesOnDedent: boolean;
}

/**
 * Walks the body line by line, tracking just enough block structure (fences, indented code, HTML
 * blocks, math blocks, lists, paragraphs) to know which text Obsidian reads for links, tags,
 * headings and block ids. `%% comments %%` are read like any text: Obsidian's metadata cache does.
 */
export class BodyScanner {
	private readonly found: BodyFindings = {
		links: [],
		embeds: [],
		inlineFieldLinks: [],
		tags: [],
		headings: [],
		blocks: [],
	};
	private fence: OpenFence | null = null;
	private html: HtmlBlockEnd | null = null;
	private mathBlock = false;
	private commentOpen = false;
	private paragraphOpen = false;
	private inList = false;
	private previousBlank = true;
	/** A one-line paragraph that a following `===`/`---` turns into a heading (its line and text start). */
	private setextLine: string | null = null;
	private setextStart = 0;
	private readonly inline = new InlineScanner();

	findings(): BodyFindings {
		return this.found;
	}

	line(raw: string): void {
		const line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
		if (this.commentOpen) {
			this.continueComment(line);
			return;
		}
		const quote = quotePrefix(line);
		const { columns, textStart } = indentation(line, quote.contentStart);
		const blank = textStart >= line.length;
		if (this.fence && !this.fenceEnds(line, quote.depth, columns, textStart, blank)) return;
		if (this.html) {
			const ends = this.html.kind === "blank" ? blank : closesHtmlBlock(line, 0, this.html.marker);
			if (ends) this.html = null;
			if (!(ends && blank)) return;
		}
		if (this.mathBlock) {
			if (line.includes("$$")) this.mathBlock = false;
			return;
		}
		if (blank) {
			this.endParagraph();
			this.previousBlank = true;
			return;
		}
		const wasBlank = this.previousBlank;
		this.previousBlank = false;
		if (columns >= 4 && quote.depth === 0 && !this.paragraphOpen && !this.inList) return; // indented code
		if (this.blockStart(line, quote.depth, columns, textStart)) return;
		const listItem = isListItem(line, textStart);
		if (listItem) this.inList = true;
		else if (wasBlank && columns === 0) this.inList = false;
		const setextCandidate = !this.paragraphOpen && !listItem && quote.depth === 0 && columns <= 3;
		this.setextLine = setextCandidate ? line : null;
		this.setextStart = textStart;
		this.paragraphOpen = true;
		this.readInline(line, quote.contentStart, true);
		const blockId = trailingBlockId(line, quote.contentStart);
		if (blockId) this.found.blocks.push(blockId);
	}

	private endParagraph(): void {
		this.paragraphOpen = false;
		this.setextLine = null;
	}

	private continueComment(line: string): void {
		const close = line.indexOf("-->");
		if (close >= 0) {
			this.commentOpen = false;
			this.readInline(line, close + 3, true);
		} else if (line.trim() === "") {
			this.commentOpen = false;
			this.endParagraph();
			this.previousBlank = true;
		}
	}

	/** False while the line is inside the open fence; true when the fence has ended before it. */
	private fenceEnds(line: string, quoteDepth: number, columns: number, textStart: number, blank: boolean): boolean {
		const fence = this.fence;
		if (!fence) return true;
		if (quoteDepth < fence.quoteDepth || (fence.closesOnDedent && !blank && columns < fence.indent)) {
			this.fence = null;
			return true;
		}
		if (closesFence(line, textStart, fence)) this.fence = null;
		return false;
	}

	/** Handles a line that opens a fence, math or HTML block, or is a heading or a break. */
	private blockStart(line: string, quoteDepth: number, columns: number, textStart: number): boolean {
		const code = line.charCodeAt(textStart);
		const fence = fenceOpening(line, textStart);
		if (fence) {
			this.fence = { ...fence, indent: columns, quoteDepth, closesOnDedent: this.inList && columns > 0 };
			return this.closeBlock(columns);
		}
		if (code === 36 /* $ */ && line.charCodeAt(textStart + 1) === 36) {
			this.mathBlock = !line.includes("$$", textStart + 2);
			return this.closeBlock(columns);
		}
		if (columns <= 3 && code === 60 /* < */) {
			const html = htmlBlockStart(line.slice(textStart), this.paragraphOpen);
			if (html) {
				const openerLength = html.kind === "marker" && html.marker === "-->" ? 4 : 2;
				this.html =
					html.kind === "marker" && closesHtmlBlock(line, textStart + openerLength, html.marker) ? null : html;
				return this.closeBlock(columns);
			}
		}
		if (columns > 3 || quoteDepth > 0) return false;
		if (code === 35 /* # */) {
			const heading = atxHeading(line, textStart);
			if (heading) {
				this.found.headings.push({ heading: heading.text, level: heading.level });
				this.readInline(line, heading.textFrom, false);
				return this.closeBlock(columns);
			}
		}
		const setext = this.setextLine === null ? null : setextLevel(line, textStart);
		if (setext !== null && this.setextLine !== null) {
			this.found.headings.push({ heading: this.setextLine.slice(this.setextStart).trim(), level: setext });
			return this.closeBlock(columns);
		}
		if (isThematicBreak(line, textStart)) return this.closeBlock(columns);
		return false;
	}

	private closeBlock(columns: number): true {
		this.endParagraph();
		if (columns === 0) this.inList = false;
		return true;
	}

	private readInline(line: string, from: number, withFields: boolean): void {
		const scan = this.inline;
		scan.scan(line, from);
		this.commentOpen = scan.commentOpen;
		for (const tag of scan.tags) this.found.tags.push({ tag });
		if (scan.links.length === 0) return;
		const order = sourceOrder(scan.starts);
		const fields = withFields ? findInlineFields(line, from) : [];
		const owners =
			fields.length > 0
				? innermostFields(
						fields,
						order.map((k) => scan.starts[k]),
					)
				: [];
		for (let index = 0; index < order.length; index++) {
			const ref = scan.links[order[index]];
			(scan.embeds[order[index]] ? this.found.embeds : this.found.links).push(ref);
			const field = owners[index];
			if (field)
				this.found.inlineFieldLinks.push({
					link: ref.link,
					original: ref.original,
					displayText: ref.displayText,
					key: field.key,
				});
		}
	}
}

/**
 * Indices of `starts` in ascending order. Links are found in source order except a markdown link,
 * found at its `]` after any link inside its text.
 */
function sourceOrder(starts: readonly number[]): number[] {
	const order = starts.map((_, index) => index);
	for (let k = 1; k < starts.length; k++) {
		if (starts[k] < starts[k - 1]) return order.sort((a, b) => starts[a] - starts[b]);
	}
	return order;
}
