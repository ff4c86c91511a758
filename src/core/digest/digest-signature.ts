import { crc32Hex } from "../activity/crc32";
import { graphNote } from "../graph/graph-note";
import { extractCues } from "../cues/extract-cues";
import { parseNote } from "../parse/parse-note";
import { duplicateHash } from "../recall/similarity/duplicates";
import { snippetOf } from "../recall/recall-hits";
import { encodeDigestNote } from "./digest-graph-note";

/**
 * Bump when what a digest holds changes meaning in a way the probe below may not show: the
 * graph note's encoding, a cue, snippet or hash rule, the warnings of noteProblems.
 */
const NOTE_DIGEST_VERSION = 2;

/** A note that exercises the parser, cue extraction, the snippet and the duplicate hash. */
const PROBE_NOTE = [
	"---",
	"aliases: [Probe, The probe]",
	"tags: [alpha, beta/gamma]",
	"caused_by: '[[Cause note]]'",
	"memory_created: 2024-03-05",
	"memory_event_date: 2024-03-01",
	"---",
	"# Heading one",
	"Met Ada Lovelace in Paris last week about the #launch plan; see [[Other note|the other]] and",
	"[a link](Folder/Target.md). Next Monday we ship. ![[Picture.png]]",
	"supports:: [[Supporting note]]",
	"- a list item ^block-id",
	"",
].join("\n");

/**
 * What a saved digest must match to be used: the version above and a fingerprint of what this
 * code derives from a fixed note, so most changes to the parser, what the graph keeps of a note,
 * cue extraction, snippets or hashes invalidate old digests without anyone remembering to bump the version.
 */
export function noteDigestSignature(): string {
	const parsed = parseNote(PROBE_NOTE);
	const body = PROBE_NOTE.slice(parsed.bodyStart).trim();
	const ctime = Date.UTC(2024, 2, 6);
	const { attributes, links } = graphNote(
		{ path: "Probe.md", mtime: ctime, ctime, size: PROBE_NOTE.length, parsed },
		{},
	);
	const derived = {
		note: encodeDigestNote(attributes, links, ctime),
		cues: extractCues({ content: PROBE_NOTE, parsed, ctime }, "Probe"),
		snippet: snippetOf(body),
		hash: duplicateHash(body),
	};
	return `digest ${NOTE_DIGEST_VERSION}, probe ${crc32Hex(JSON.stringify(derived))}`;
}
