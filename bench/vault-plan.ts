import type { Rng } from "./prng";
import { TAG_WORDS, titleCase } from "./vocabulary";

/** Frontmatter keys that carry typed causal links (the design's default mapping). */
const TYPED_KEYS = ["caused_by", "supports", "derived_from", "contradicts", "supersedes"] as const;
type TypedKey = (typeof TYPED_KEYS)[number];

type LinkForm = "plain" | "alias" | "heading" | "block" | "embed" | "markdown";

export type PlannedLink = { kind: "note"; target: number; form: LinkForm } | { kind: "dangling"; name: string };

interface TypedList {
	key: TypedKey;
	targets: number[];
}

interface MemoryFields {
	category?: string;
	pinned?: boolean;
	status?: string;
}

/** Everything about one note that other notes may refer to, decided before any text is written. */
export interface PlannedNote {
	/** Vault-relative folder, "" for the root. */
	folder: string;
	/** File name without `.md`. */
	name: string;
	path: string;
	aliases: string[];
	tags: string[];
	headings: string[];
	blocks: string[];
	sizeBytes: number;
	orphan: boolean;
	links: PlannedLink[];
	typed: TypedList[];
	inlineField?: { key: TypedKey; target: number };
	selfHeadingLink: boolean;
	memory?: MemoryFields;
}

export interface VaultPlan {
	folders: string[];
	notes: PlannedNote[];
	/** How many notes carry each lower-cased name; above 1 means closest-path resolution decides. */
	nameCount: Map<string, number>;
}

const FOLDERS_PER_NOTE = 50 / 10_000;
const MAX_FOLDER_DEPTH = 3;
const ROOT_NOTE_SHARE = 0.05;
const DUPLICATE_NAME_SHARE = 0.015;
const DESIGNATED_ORPHAN_SHARE = 0.03;
const LARGE_NOTE_SHARE = 0.015;
const TYPED_NOTE_SHARE = 0.2;
/** Notes that also link to a note that does not exist (about 2% of all links). */
const DANGLING_NOTE_SHARE = 0.06;
/** Share of link targets drawn uniformly; the rest copy an earlier link's target (preferential attachment). */
const UNIFORM_TARGET_SHARE = 0.3;
const TYPED_KEY_WEIGHTS: Record<TypedKey, number> = {
	caused_by: 0.35,
	supports: 0.25,
	derived_from: 0.2,
	contradicts: 0.1,
	supersedes: 0.1,
};
const CATEGORIES = ["decision", "incident", "person", "preference", "fact"];

/** Decides folders, names and the whole link graph of a synthetic vault. */
export function planVault(rng: Rng, noteCount: number, vocabulary: readonly string[]): VaultPlan {
	const folders = planFolders(rng, Math.max(3, Math.round(noteCount * FOLDERS_PER_NOTE)), vocabulary);
	const notes = planNotes(rng, noteCount, folders, vocabulary);
	const nameCount = new Map<string, number>();
	for (const note of notes) {
		const key = note.name.toLowerCase();
		nameCount.set(key, (nameCount.get(key) ?? 0) + 1);
	}
	planLinks(rng, notes, nameCount, vocabulary);
	return { folders, notes, nameCount };
}

function planFolders(rng: Rng, count: number, vocabulary: readonly string[]): string[] {
	const folders: string[] = [];
	const taken = new Set<string>();
	while (folders.length < count) {
		const nestable = folders.filter((folder) => folder.split("/").length < MAX_FOLDER_DEPTH);
		const parent = folders.length < 3 || rng.chance(0.35) ? "" : rng.pick(nestable);
		const name = words(rng, vocabulary, rng.range(1, 2));
		const path = parent === "" ? name : `${parent}/${name}`;
		if (taken.has(path.toLowerCase())) continue;
		taken.add(path.toLowerCase());
		folders.push(path);
	}
	return folders;
}

function planNotes(rng: Rng, noteCount: number, folders: string[], vocabulary: readonly string[]): PlannedNote[] {
	const pickFolder = weightedFolderPicker(rng, folders);
	const namesByFolder = new Map<string, Set<string>>();
	const allNames = new Set<string>();
	const notes: PlannedNote[] = [];
	for (let i = 0; i < noteCount; i++) {
		const folder = rng.chance(ROOT_NOTE_SHARE) ? "" : pickFolder();
		const inFolder = namesByFolder.get(folder) ?? new Set<string>();
		namesByFolder.set(folder, inFolder);
		const name = duplicateName(rng, notes, folder, inFolder) ?? freshName(rng, vocabulary, allNames, i);
		inFolder.add(name.toLowerCase());
		allNames.add(name.toLowerCase());
		const sizeBytes = rng.chance(LARGE_NOTE_SHARE)
			? rng.range(10_000, 50_000)
			: Math.round(Math.min(50_000, Math.max(120, rng.logNormal(1500, 0.75))));
		notes.push({
			folder,
			name,
			path: folder === "" ? `${name}.md` : `${folder}/${name}.md`,
			aliases: rng.chance(0.15)
				? Array.from({ length: rng.range(1, 2) }, () => words(rng, vocabulary, rng.range(1, 3)))
				: [],
			tags: rng.chance(0.4) ? [...new Set(Array.from({ length: rng.range(1, 3) }, () => tag(rng)))] : [],
			headings: planHeadings(rng, sizeBytes, vocabulary),
			blocks: rng.chance(0.08) ? Array.from({ length: rng.range(1, 2) }, () => blockId(rng)) : [],
			sizeBytes,
			orphan: rng.chance(DESIGNATED_ORPHAN_SHARE),
			links: [],
			typed: [],
			selfHeadingLink: false,
			memory: planMemory(rng),
		});
	}
	return notes;
}

/** Occasionally reuses an earlier note's name in another folder, so `[[Name]]` becomes ambiguous. */
function duplicateName(rng: Rng, notes: PlannedNote[], folder: string, inFolder: Set<string>): string | undefined {
	if (notes.length < 20 || !rng.chance(DUPLICATE_NAME_SHARE)) return undefined;
	const original = notes[rng.int(notes.length)];
	if (original.folder === folder || inFolder.has(original.name.toLowerCase())) return undefined;
	return original.name;
}

function freshName(rng: Rng, vocabulary: readonly string[], taken: Set<string>, index: number): string {
	for (let attempt = 0; attempt < 10; attempt++) {
		const name = words(rng, vocabulary, rng.range(1, 4));
		if (!taken.has(name.toLowerCase())) return name;
	}
	return `${words(rng, vocabulary, 2)} ${index}`;
}

function planHeadings(rng: Rng, sizeBytes: number, vocabulary: readonly string[]): string[] {
	const count = sizeBytes < 600 ? rng.int(2) : Math.min(40, Math.max(1, Math.round(sizeBytes / 800)));
	const headings = new Set<string>();
	for (let attempt = 0; headings.size < count && attempt < count * 3; attempt++) {
		headings.add(words(rng, vocabulary, rng.range(1, 4)));
	}
	return [...headings];
}

function planMemory(rng: Rng): MemoryFields | undefined {
	const memory: MemoryFields = {};
	if (rng.chance(0.03)) memory.category = rng.pick(CATEGORIES);
	if (rng.chance(0.005)) memory.pinned = true;
	if (rng.chance(0.02)) memory.status = "dormant";
	return Object.keys(memory).length > 0 ? memory : undefined;
}

function planLinks(
	rng: Rng,
	notes: PlannedNote[],
	nameCount: Map<string, number>,
	vocabulary: readonly string[],
): void {
	const pickTarget = targetPicker(rng);
	notes.forEach((note, index) => {
		if (!note.orphan) {
			note.links = distinctTargets(pickTarget, outDegree(rng)).map((target): PlannedLink => ({
				kind: "note",
				target,
				form: linkForm(rng, notes[target]),
			}));
			if (rng.chance(DANGLING_NOTE_SHARE))
				note.links.push({ kind: "dangling", name: danglingName(rng, vocabulary, nameCount) });
			if (rng.chance(TYPED_NOTE_SHARE)) note.typed = typedLists(rng, pickTarget);
			const [inlineTarget] = rng.chance(0.02) ? distinctTargets(pickTarget, 1) : [];
			if (inlineTarget !== undefined) note.inlineField = { key: weightedKey(rng), target: inlineTarget };
			note.selfHeadingLink = note.headings.length > 0 && rng.chance(0.01);
			pickTarget.admit(index);
		}
	});
}

interface TargetPicker {
	/** An earlier, non-orphan note; undefined while there is none. */
	pick(): number | undefined;
	/** Counts a link to `target`, making it likelier to be picked again. */
	record(target: number): void;
	admit(note: number): void;
}

/**
 * Copying model: a target is either a uniformly chosen earlier note or the target of a uniformly
 * chosen earlier link. That is linear preferential attachment, which gives a power-law in-degree
 * (a few hubs with hundreds of in-links, most notes with none or a few).
 */
function targetPicker(rng: Rng): TargetPicker {
	const admitted: number[] = [];
	const linkTargets: number[] = [];
	return {
		pick: () => {
			if (admitted.length === 0) return undefined;
			return linkTargets.length === 0 || rng.chance(UNIFORM_TARGET_SHARE) ? rng.pick(admitted) : rng.pick(linkTargets);
		},
		record: (target) => linkTargets.push(target),
		admit: (note) => admitted.push(note),
	};
}

function distinctTargets(picker: TargetPicker, count: number): number[] {
	const targets = new Set<number>();
	for (let attempt = 0; targets.size < count && attempt < count * 2; attempt++) {
		const target = picker.pick();
		if (target === undefined) break;
		if (targets.has(target)) continue;
		targets.add(target);
		picker.record(target);
	}
	return [...targets];
}

function outDegree(rng: Rng): number {
	if (rng.chance(0.01)) return rng.range(20, 80); // index notes that list many others
	if (rng.chance(0.2)) return 0;
	return Math.min(40, Math.max(1, Math.round(rng.logNormal(2.2, 0.8))));
}

function linkForm(rng: Rng, target: PlannedNote): LinkForm {
	const r = rng.next();
	if (r < 0.1) return "alias";
	if (r < 0.18) return target.headings.length > 0 ? "heading" : "plain";
	if (r < 0.21) return target.blocks.length > 0 ? "block" : "plain";
	if (r < 0.25) return "embed";
	if (r < 0.3) return "markdown";
	return "plain";
}

function typedLists(rng: Rng, picker: TargetPicker): TypedList[] {
	const keys = new Set<TypedKey>([weightedKey(rng)]);
	if (rng.chance(0.25)) keys.add(weightedKey(rng));
	return [...keys]
		.map((key) => ({ key, targets: distinctTargets(picker, key === "supersedes" ? 1 : rng.range(1, 3)) }))
		.filter((list) => list.targets.length > 0);
}

function weightedKey(rng: Rng): TypedKey {
	let r = rng.next();
	for (const key of TYPED_KEYS) {
		r -= TYPED_KEY_WEIGHTS[key];
		if (r < 0) return key;
	}
	return TYPED_KEYS[0];
}

function danglingName(rng: Rng, vocabulary: readonly string[], nameCount: Map<string, number>): string {
	for (;;) {
		const name = words(rng, vocabulary, rng.range(2, 3));
		if (!nameCount.has(name.toLowerCase())) return name;
	}
}

/** Folders early in the list hold more notes, as in real vaults (an Inbox, a Projects folder). */
function weightedFolderPicker(rng: Rng, folders: string[]): () => string {
	const cumulative: number[] = [];
	let total = 0;
	folders.forEach((_, rank) => {
		total += 1 / Math.pow(rank + 1, 0.7);
		cumulative.push(total);
	});
	return () => {
		const r = rng.next() * total;
		let low = 0;
		let high = cumulative.length - 1;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (cumulative[middle] > r) high = middle;
			else low = middle + 1;
		}
		return folders[low];
	};
}

function words(rng: Rng, vocabulary: readonly string[], count: number): string {
	return Array.from({ length: count }, (_, k) =>
		k === 0 ? titleCase(rng.pick(vocabulary)) : rng.pick(vocabulary),
	).join(" ");
}

/** Tags come from a small fixed pool so they repeat across notes; some are nested (`area/topic`). */
export function tag(rng: Rng): string {
	return rng.chance(0.3) ? `${rng.pick(TAG_WORDS)}/${rng.pick(TAG_WORDS)}` : rng.pick(TAG_WORDS);
}

function blockId(rng: Rng): string {
	return rng
		.int(36 ** 6)
		.toString(36)
		.padStart(6, "0");
}
