import type { EdgeOrigin, EdgeType } from "../model/edge-types";
import { pathAttributes } from "../graph/node-attributes";
import { linkType, type RawLink } from "../graph/note-links";
import type { GraphNote, MemoryFrontmatter, MemoryNodeAttributes } from "../graph/types";

/** The file a digest's graph note is rebuilt for: what the graph takes from the file, not its text. */
export interface DigestFile {
	path: string;
	mtime: number;
	ctime: number;
	size: number;
}

/**
 * What the graph keeps of a note that its file does not say, as JSON: aliases, tags, the
 * `memory_*` properties, the frontmatter error, the `memory_created` time when it is not the
 * file's creation time, and the raw links without their edge type (the type follows the
 * `edgeKeys` setting, so it is looked up again when the note is taken).
 */
type Encoded = [
	aliases: string[],
	tags: string[],
	memory: MemoryFrontmatter,
	frontmatterError: string | null,
	created: number | null,
	/** linkpath, origin, key (null for none), link after link. */
	links: (string | null)[],
];

/** The digest's form of a graph note; `fileCtime` is the creation time of the file it was read from. */
export function encodeDigestNote(
	attributes: MemoryNodeAttributes,
	links: readonly RawLink[],
	fileCtime: number,
): string {
	const flat: (string | null)[] = [];
	for (const link of links) flat.push(link.linkpath, link.origin, link.key ?? null);
	const encoded: Encoded = [
		attributes.aliases,
		attributes.tags,
		attributes.memory,
		attributes.frontmatterError ?? null,
		attributes.ctime === fileCtime ? null : attributes.ctime,
		flat,
	];
	return JSON.stringify(encoded);
}

/** The creation time `encodeDigestNote` saved when it was not the file's; undefined otherwise, or for text that is not such a note. */
export function savedCreation(json: string): number | undefined {
	const encoded = JSON.parse(json) as unknown;
	const created = Array.isArray(encoded) && encoded.length === 6 ? (encoded as Encoded)[4] : null;
	return typeof created === "number" ? created : undefined;
}

/**
 * The graph note `encodeDigestNote` saved, for `file` as it is now (same stamp and creation
 * time), with edge types from `edgeKeys`: equal to what `graphNote` makes of the note's parse.
 * Throws on text that is not such a note.
 */
export function decodeDigestNote(json: string, file: DigestFile, edgeKeys: Record<string, EdgeType>): GraphNote {
	const encoded = JSON.parse(json) as unknown;
	if (!Array.isArray(encoded) || encoded.length !== 6) throw new Error("not a digest of a graph note");
	const [aliases, tags, memory, frontmatterError, created, flat] = encoded as Encoded;
	// Named one by one: a spread of pathAttributes made each node ≈ 1 µs slower (100k at a warm start).
	const { path, title, folder } = pathAttributes(file.path);
	const attributes: MemoryNodeAttributes = {
		path,
		title,
		folder,
		aliases,
		tags,
		mtime: file.mtime,
		ctime: created ?? file.ctime,
		size: file.size,
		memory,
	};
	if (frontmatterError !== null) attributes.frontmatterError = frontmatterError;
	const links: RawLink[] = [];
	for (let i = 0; i < flat.length; i += 3) {
		const linkpath = flat[i] as string;
		const origin = flat[i + 1] as EdgeOrigin;
		const key = flat[i + 2];
		links.push(
			key === null
				? { linkpath, type: "related_to", origin }
				: { linkpath, type: linkType(key, edgeKeys), origin, key },
		);
	}
	return { path: file.path, attributes, links };
}
