import { MemoryGraph } from "../src/core/graph/memory-graph";
import type { NoteInput } from "../src/core/graph/types";
import { parseIndexSettings } from "../src/core/model/index-settings";
import type { LifecycleState } from "../src/core/lifecycle/state";
import { NO_RECALLS, type NodeActivity } from "../src/core/scoring/activity";
import { DAY_MS } from "../src/core/scoring/time";
import type { FrontmatterLinkRef, LinkRef, ParsedNote } from "../src/core/model/parsed-note";
import { createRng, type Rng } from "./prng";

/** What the maintenance bench scores: a memory graph plus per-note activity, built in memory (no files). */
export interface SyntheticMemory {
	memory: MemoryGraph;
	activityOf: (path: string) => NodeActivity;
	/** Lifecycle states as a vault that has seen many passes would have them. */
	stateOf: (path: string) => LifecycleState | undefined;
}

const TYPED_KEYS = ["caused_by", "caused_by", "supports", "derived_from", "contradicts", "supersedes"];
const CATEGORIES = ["decision", "preference", "person", "project"];

const noteName = (i: number): string => `Note ${i}`;
const notePath = (i: number): string => `Folder ${i % 50}/${noteName(i)}.md`;

/**
 * A vault shaped like the bench vaults of generate-vault.ts, built as ParsedNotes: power-law
 * in-degree by preferential attachment (≈ 3.3 links a note, 10% of notes without links, 1% index
 * notes with 20–80 links), ≈ 20% of notes with typed frontmatter links, some categories, pins and
 * plugin-created notes; ≈ 30% of notes recalled, uses spread over two years.
 */
export function syntheticMemory(notes: number, seed: number, now: number): SyntheticMemory {
	const rng = createRng(seed);
	const endpoints: number[] = [];
	const inputs: NoteInput[] = [];
	const activity = new Map<string, NodeActivity>();
	const states = new Map<string, LifecycleState>();
	for (let i = 0; i < notes; i++) {
		const links: LinkRef[] = [];
		const frontmatterLinks: FrontmatterLinkRef[] = [];
		const count = i === 0 ? 0 : rng.chance(0.01) ? rng.range(20, 80) : rng.chance(0.1) ? 0 : rng.range(1, 5);
		for (let k = 0; k < count; k++) {
			const target = endpoints.length > 0 && rng.chance(0.7) ? rng.pick(endpoints) : rng.int(i);
			endpoints.push(target);
			const link = noteName(target);
			if (rng.chance(0.2))
				frontmatterLinks.push({ key: `${rng.pick(TYPED_KEYS)}.${k}`, link, original: `[[${link}]]` });
			else links.push({ link, original: `[[${link}]]` });
		}
		const frontmatter: Record<string, unknown> = {};
		if (rng.chance(0.05)) frontmatter.memory_category = rng.pick(CATEGORIES);
		if (rng.chance(0.005)) frontmatter.memory_pinned = true;
		if (rng.chance(0.2)) frontmatter.memory_source = "mcp";
		const parsed: ParsedNote = {
			frontmatter,
			bodyStart: 0,
			links,
			embeds: [],
			frontmatterLinks,
			inlineFieldLinks: [],
			tags: [],
			headings: [],
			blocks: [],
			aliases: [],
			allTags: [],
		};
		const created = now - rng.next() * 730 * DAY_MS;
		const modified = created + rng.next() * (now - created);
		const path = notePath(i);
		inputs.push({ path, mtime: modified, ctime: created, size: 1500, parsed });
		activity.set(path, syntheticActivity(rng, created, modified, now));
		states.set(path, syntheticState(rng, now));
	}
	const memory = new MemoryGraph({ edgeKeys: parseIndexSettings({}).edgeKeys });
	memory.setNotes(inputs);
	return {
		memory,
		activityOf: (path) =>
			activity.get(path) ?? { created: now, modified: now, lastOpened: null, lastLinked: null, recall: NO_RECALLS },
		stateOf: (path) => states.get(path),
	};
}

function syntheticActivity(rng: Rng, created: number, modified: number, now: number): NodeActivity {
	const recalled = rng.chance(0.3);
	const last = modified + rng.next() * (now - modified);
	return {
		created,
		modified,
		lastOpened: rng.chance(0.4) ? modified + rng.next() * (now - modified) : null,
		lastLinked: null,
		recall: recalled
			? { count: rng.range(1, 20), last, strength: 1 + rng.next() * 5, stability: 1 + rng.next() * 4 }
			: NO_RECALLS,
	};
}

function syntheticState(rng: Rng, now: number): LifecycleState {
	const roll = rng.next();
	const status = roll < 0.6 ? "active" : roll < 0.8 ? "dormant" : roll < 0.95 ? "fading" : "pruned";
	return {
		status,
		since: now - rng.next() * 200 * DAY_MS,
		pendingDown: 0,
		lastPassAt: now - 10 * 60 * 1000,
		proposedAt: null,
	};
}
