import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { renderNote } from "./note-writer";
import { createRng, type Rng } from "./prng";
import { planVault, type VaultPlan } from "./vault-plan";
import { commonWords, pseudoWords, zipfSampler } from "./vocabulary";

export interface GenerateVaultOptions {
	notes: number;
	seed: number;
	/** Output folder; created if missing, and it must be empty. */
	dir: string;
}

export interface GeneratedVaultStats {
	notes: number;
	folders: number;
	bytes: number;
	/** Links to existing notes of every kind: body links, embeds, markdown links, typed lists, inline fields. */
	links: number;
	/** Of `links`, those in typed frontmatter lists or `key:: [[X]]` inline fields. */
	typedLinks: number;
	notesWithTypedLinks: number;
	danglingLinks: number;
	/** Notes whose name is shared with a note in another folder. */
	duplicateNames: number;
	/** Notes with no link to or from an existing note. */
	orphans: number;
	maxInDegree: number;
	medianInDegree: number;
}

const PSEUDO_WORDS = 3000;
const ZIPF_EXPONENT = 0.9;
/** Files written at once: enough to keep the disk busy, few enough to stay far from the fd limit. */
const WRITE_BATCH = 128;

/** Writes a synthetic vault that is byte-for-byte the same for the same `notes` and `seed`. */
export async function generateVault(options: GenerateVaultOptions): Promise<GeneratedVaultStats> {
	const { notes, seed, dir } = options;
	if (!Number.isInteger(notes) || notes < 1)
		throw new Error(`generateVault: notes must be a positive integer, got ${notes}`);
	if (!Number.isInteger(seed)) throw new Error(`generateVault: seed must be an integer, got ${seed}`);
	await prepareEmptyDir(dir);

	const { rng, plan, vocabulary } = syntheticPlan(notes, seed);
	const text = { rng, word: zipfSampler(rng, vocabulary, ZIPF_EXPONENT) };

	await Promise.all(plan.folders.map((folder) => mkdir(join(dir, folder), { recursive: true })));
	let bytes = 0;
	for (let start = 0; start < notes; start += WRITE_BATCH) {
		const writes: Promise<void>[] = [];
		for (let index = start; index < Math.min(notes, start + WRITE_BATCH); index++) {
			const content = renderNote(plan, index, text);
			bytes += Buffer.byteLength(content);
			writes.push(writeFile(join(dir, plan.notes[index].path), content));
		}
		await Promise.all(writes);
	}
	return { ...graphStats(plan), folders: plan.folders.length, bytes };
}

/** The plan `generateVault` writes for (notes, seed), and the generator state its text continues from. */
export function syntheticPlan(notes: number, seed: number): { plan: VaultPlan; rng: Rng; vocabulary: string[] } {
	const rng = createRng(seed);
	const vocabulary = [...commonWords(), ...pseudoWords(rng, PSEUDO_WORDS)];
	return { plan: planVault(rng, notes, vocabulary), rng, vocabulary };
}

async function prepareEmptyDir(dir: string): Promise<void> {
	await mkdir(dir, { recursive: true });
	const entries = await readdir(dir);
	if (entries.length > 0) {
		throw new Error(
			`generateVault: output folder ${dir} is not empty (${entries.length} entries); choose a new folder or delete it first`,
		);
	}
}

function graphStats(plan: VaultPlan): Omit<GeneratedVaultStats, "folders" | "bytes"> {
	const inDegree = new Array<number>(plan.notes.length).fill(0);
	const linked = new Array<boolean>(plan.notes.length).fill(false);
	let links = 0;
	let typedLinks = 0;
	let danglingLinks = 0;
	const count = (source: number, target: number, typed: boolean): void => {
		inDegree[target]++;
		linked[source] = linked[target] = true;
		links++;
		if (typed) typedLinks++;
	};
	plan.notes.forEach((note, source) => {
		for (const link of note.links) {
			if (link.kind === "note") count(source, link.target, false);
			else danglingLinks++;
		}
		for (const list of note.typed) for (const target of list.targets) count(source, target, true);
		if (note.inlineField !== undefined) count(source, note.inlineField.target, true);
	});
	const sorted = [...inDegree].sort((a, b) => a - b);
	return {
		notes: plan.notes.length,
		links,
		typedLinks,
		notesWithTypedLinks: plan.notes.filter((note) => note.typed.length > 0 || note.inlineField !== undefined).length,
		danglingLinks,
		duplicateNames: plan.notes.filter((note) => (plan.nameCount.get(note.name.toLowerCase()) ?? 0) > 1).length,
		orphans: linked.filter((isLinked) => !isLinked).length,
		maxInDegree: sorted[sorted.length - 1],
		medianInDegree: sorted[Math.floor(sorted.length / 2)],
	};
}
