import SearchableMap from "minisearch/SearchableMap";
import { walkEntriesAfter } from "./radix-walk";

/** One document's text in one field, as indexed. */
export interface FieldTerms {
	/** Distinct tokens before stop words and stemming: MiniSearch's field length. */
	length: number;
	/** Indexed term → occurrences in the field. */
	terms: ReadonlyMap<string, number>;
}

/** A posting packs its document and field as `doc << FIELD_BITS | field`. */
export const FIELD_BITS = 3;
export const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** Document ids are never reused; past this many adds the index must be rebuilt (or saved and loaded). */
const MAX_DOCS = 2 ** (31 - FIELD_BITS);

/** Postings live in pages of `PAGE_SIZE` slots; an address is `page << PAGE_BITS | offset`. */
export const PAGE_BITS = 20;
const PAGE_SIZE = 1 << PAGE_BITS;
export const PAGE_MASK = PAGE_SIZE - 1;
const FIRST_PAGE_SIZE = 1 << 12;
/** A chunk starts with two header slots: its capacity and the address of the next chunk. */
export const CHUNK_HEADER = 2;
export const NO_CHUNK = -1;
const MAX_CHUNK = PAGE_SIZE - CHUNK_HEADER;
/** Chunks appended to a term grow with it up to this many postings. */
const MAX_GROWTH_CHUNK = 1024;
/** A term frequency of at least this is kept exactly in `tfOverflow`. */
export const TF_SATURATED = 255;
/** Compaction runs once discarded postings outnumber live ones and are at least this many. */
const MIN_DEAD_TO_COMPACT = 1 << 12;
/**
 * Work (postings moved, terms looked at) one compaction step may do: a few ms (at 20k notes, a replace
 * that takes two steps took 5 ms at the median on a loaded 2-core machine; one compaction in one
 * go, 200–290 ms). Each
 * add and discard while a compaction runs takes a step, so it never holds the thread for long.
 */
const COMPACTION_STEP_WORK = 1 << 16;
/** What looking up one term in the radix tree costs, in postings moved. */
const TERM_WORK = 16;
const NO_PAGE_I32 = new Int32Array(0);
const NO_PAGE_U8 = new Uint8Array(0);

/**
 * A compaction in progress. First every term that existed when it began is rewritten without its
 * discarded postings into pages opened since (appends go there too), one term at a time; then
 * the pages of before are let go, and the tree is walked to drop the terms left without postings.
 */
interface Compaction {
	nextTerm: number;
	readonly endTerm: number;
	/** The pages in use when it began: none of them is written to until it ends. */
	readonly oldPages: readonly number[];
	/** Ids of terms the rewrite left without postings (dropped from the tree by the sweep). */
	readonly emptied: Set<number>;
	/** The sweep's position in the tree: the last key looked at. */
	sweptTo: string | null;
}

/**
 * The keyword index's postings in typed arrays: term → (document, field, term frequency),
 * with the field lengths and averages BM25 needs. MiniSearch keeps these as a Map per term and
 * field (≈ 9 KB of heap per note at 100k notes); here a posting costs 5 bytes.
 *
 * Terms are kept in MiniSearch's radix tree (`SearchableMap`: exact, prefix and fuzzy lookup)
 * mapping to a term id. Each term's postings are a chain of chunks in paged Int32 slabs
 * (`doc << FIELD_BITS | field`) with a parallel Uint8 slab of term frequencies; appending a
 * note only writes at the ends of its terms' chains. A discarded document is only marked dead
 * (`live`); its postings are skipped until compaction drops them, which `discard` starts once
 * they outnumber the live ones and every add and discard then advances by one bounded step
 * (see `Compaction`). Document ids only grow: a changed note is discarded and added anew,
 * as in MiniSearch, so scores and their tie order match MiniSearch's.
 */
export class KeywordPostings {
	readonly fieldCount: number;
	/** term → term id. */
	terms = new SearchableMap<number>();
	/** Number of term ids in use, including those of terms dropped by compaction (see `freeTermIds`). */
	termIdCount = 0;
	private freeTermIds: number[] = [];
	/** Per term id: address of the first and last chunk (NO_CHUNK when none), postings in the last chunk. */
	head = new Int32Array(0);
	tail = new Int32Array(0);
	tailUsed = new Int32Array(0);
	/** `fieldCounts[term * fieldCount + field]`: postings of the term in the field, discarded ones included. */
	fieldCounts = new Int32Array(0);
	/** Slabs of `doc << FIELD_BITS | field` and of term frequencies (saturated, see `TF_SATURATED`). */
	docFieldPages: Int32Array[] = [];
	tfPages: Uint8Array[] = [];
	/** The page being filled and how many of its slots are taken. */
	private page = 0;
	private used = 0;
	/** The next allocation opens a new page (set before the first and when a compaction begins). */
	private pageNeeded = true;
	private compaction: Compaction | null = null;
	/** `(term * 2^31 + docField)` → term frequency, for frequencies of `TF_SATURATED` or more. */
	tfOverflow = new Map<number, number>();

	/** 1 for a live document, 0 for a discarded one (or an id not used yet). */
	live = new Uint8Array(0);
	/** `lengths[doc * fieldCount + field]`: see `FieldTerms.length`. */
	lengths = new Uint32Array(0);
	/** Postings written per document, to count the dead ones on discard. */
	docPostings = new Int32Array(0);
	nextDoc = 0;
	/** Live documents. */
	documentCount = 0;
	/** Average field length over live documents, updated the way MiniSearch does (same rounding). */
	readonly averageLengths: Float64Array;
	/** Counts every add, discard and compaction, so a reader spread over time can tell the store changed. */
	changes = 0;
	/** All postings in the slabs, and those of discarded documents among them. */
	postingCount = 0;
	deadPostings = 0;

	/** `stepWork`: the work of one compaction step (tests make it small to see a compaction in many steps). */
	constructor(
		fieldCount: number,
		private readonly stepWork = COMPACTION_STEP_WORK,
	) {
		if (fieldCount < 1 || fieldCount > FIELD_MASK + 1) throw new Error(`Keyword postings: ${fieldCount} fields.`);
		this.fieldCount = fieldCount;
		this.averageLengths = new Float64Array(fieldCount);
	}

	/** Indexes a document's fields (in field order) under a new document id, which it returns. */
	add(fields: readonly FieldTerms[]): number {
		if (fields.length !== this.fieldCount) throw new Error(`Keyword postings: expected ${this.fieldCount} fields.`);
		this.compactStep();
		const doc = this.newDocument();
		this.changes++;
		let written = 0;
		for (let field = 0; field < this.fieldCount; field++) {
			const { length, terms } = fields[field];
			this.lengths[doc * this.fieldCount + field] = length;
			this.addFieldLength(field, this.documentCount - 1, length);
			for (const [term, tf] of terms) {
				this.append(this.termIdFor(term), (doc << FIELD_BITS) | field, tf);
				written++;
			}
		}
		this.docPostings[doc] = written;
		return doc;
	}

	/** Marks the document dead; its postings stay (and are skipped) until compaction. */
	discard(doc: number): void {
		if (this.live[doc] !== 1) throw new Error(`Keyword postings: document ${doc} is not indexed.`);
		this.live[doc] = 0;
		this.changes++;
		for (let field = 0; field < this.fieldCount; field++) {
			this.removeFieldLength(field, this.documentCount, this.lengths[doc * this.fieldCount + field]);
		}
		this.documentCount--;
		this.deadPostings += this.docPostings[doc];
		if (
			this.compaction === null &&
			this.deadPostings >= MIN_DEAD_TO_COMPACT &&
			this.deadPostings * 2 > this.postingCount
		)
			this.beginCompaction();
		this.compactStep();
	}

	/** Whether a compaction has begun and not yet ended. */
	get compacting(): boolean {
		return this.compaction !== null;
	}

	/** Drops the postings of discarded documents and the terms left with none, in one go (ending a compaction that runs). */
	compact(): void {
		if (this.compaction === null) this.beginCompaction();
		while (this.compaction !== null) this.compactStep();
	}

	private beginCompaction(): void {
		const oldPages: number[] = [];
		for (let page = 0; page < this.docFieldPages.length; page++)
			if (this.docFieldPages[page].length > 0) oldPages.push(page);
		this.compaction = { nextTerm: 0, endTerm: this.termIdCount, oldPages, emptied: new Set(), sweptTo: null };
		this.pageNeeded = true;
	}

	/** Advances the running compaction by about `stepWork`. */
	private compactStep(): void {
		const run = this.compaction;
		if (run === null) return;
		this.changes++;
		let work = 0;
		while (run.nextTerm < run.endTerm && work < this.stepWork) work += this.compactTerm(run.nextTerm++, run);
		if (run.nextTerm < run.endTerm) return;
		if (run.oldPages.length > 0) {
			for (const page of run.oldPages) {
				this.docFieldPages[page] = NO_PAGE_I32;
				this.tfPages[page] = NO_PAGE_U8;
			}
			(run as { oldPages: readonly number[] }).oldPages = [];
		}
		if (run.emptied.size > 0) {
			const dropped: string[] = [];
			const stop = walkEntriesAfter(
				this.terms,
				run.sweptTo,
				Math.max(1, Math.floor((this.stepWork - work) / TERM_WORK)),
				(term, id) => {
					// A term given postings again since it was emptied stays.
					if (run.emptied.has(id) && this.head[id] === NO_CHUNK) dropped.push(term);
				},
			);
			for (const term of dropped) {
				const id = this.terms.get(term) as number;
				this.terms.delete(term);
				run.emptied.delete(id);
				this.freeTermIds.push(id);
			}
			run.sweptTo = stop.last;
			if (!stop.done) return;
		}
		this.compaction = null;
	}

	/** Rewrites one term's chain without discarded postings into the new pages; returns the work done. */
	private compactTerm(term: number, run: Compaction): number {
		const address = this.head[term];
		if (address === NO_CHUNK) return 1;
		const { live, fieldCount } = this;
		const docFields: number[] = [];
		const tfs: number[] = [];
		let total = 0;
		for (let at = address; at !== NO_CHUNK;) {
			const page = this.docFieldPages[at >>> PAGE_BITS];
			const tfPage = this.tfPages[at >>> PAGE_BITS];
			const start = (at & PAGE_MASK) + CHUNK_HEADER;
			const next = page[start - 1];
			const used = next === NO_CHUNK ? this.tailUsed[term] : page[start - CHUNK_HEADER];
			for (let i = start; i < start + used; i++) {
				if (live[page[i] >>> FIELD_BITS] === 0) {
					if (tfPage[i] === TF_SATURATED) this.tfOverflow.delete(term * 2 ** 31 + page[i]);
					continue;
				}
				docFields.push(page[i]);
				tfs.push(tfPage[i]);
			}
			total += used;
			at = next;
		}
		this.postingCount -= total;
		this.deadPostings -= total - docFields.length;
		this.head[term] = NO_CHUNK;
		this.tail[term] = NO_CHUNK;
		this.tailUsed[term] = 0;
		this.fieldCounts.fill(0, term * fieldCount, (term + 1) * fieldCount);
		if (docFields.length === 0) run.emptied.add(term);
		else this.writeTerm(term, docFields, tfs);
		return TERM_WORK + total;
	}

	/** The exact term frequency of a posting whose slab value is `TF_SATURATED`. */
	overflowTf(term: number, docField: number): number {
		return this.tfOverflow.get(term * 2 ** 31 + docField) ?? TF_SATURATED;
	}

	/** The term's postings in the given field, discarded documents included (MiniSearch's Map size). */
	fieldFrequency(term: number, field: number): number {
		return this.fieldCounts[term * this.fieldCount + field];
	}

	/**
	 * Appends postings to a term whose last chunk is full (or that has none), in chunks of
	 * exactly their size: compaction and decoding write each term this way, so no slack.
	 */
	writeTerm(term: number, docFields: ArrayLike<number>, tfs: ArrayLike<number>): void {
		for (let from = 0; from < docFields.length; from += MAX_CHUNK) {
			const size = Math.min(MAX_CHUNK, docFields.length - from);
			this.startChunk(term, size);
			const address = this.tail[term];
			const page = this.docFieldPages[address >>> PAGE_BITS];
			const tfPage = this.tfPages[address >>> PAGE_BITS];
			const start = (address & PAGE_MASK) + CHUNK_HEADER;
			for (let i = 0; i < size; i++) {
				const docField = docFields[from + i];
				page[start + i] = docField;
				tfPage[start + i] = tfs[from + i];
				this.fieldCounts[term * this.fieldCount + (docField & FIELD_MASK)]++;
			}
			this.tailUsed[term] = size;
			this.postingCount += size;
		}
	}

	/** Reserves term ids 0‥count − 1 for terms written with `writeTerm` (decoding). */
	reserveTerms(count: number): void {
		this.ensureTermCapacity(count);
		this.termIdCount = count;
	}

	/** Sets up a document decoded from bytes: live, with these field lengths and postings count. */
	restoreDocument(doc: number, lengths: ArrayLike<number>, postings: number): void {
		if (doc !== this.nextDoc) throw new Error(`Keyword postings: document ${doc} restored out of order.`);
		this.newDocument();
		for (let field = 0; field < this.fieldCount; field++) this.lengths[doc * this.fieldCount + field] = lengths[field];
		this.docPostings[doc] = postings;
	}

	private newDocument(): number {
		const doc = this.nextDoc;
		if (doc >= MAX_DOCS) throw new Error(`Keyword postings: more than ${MAX_DOCS} notes added; rebuild the index.`);
		this.nextDoc++;
		this.ensureDocCapacity(this.nextDoc);
		this.live[doc] = 1;
		this.documentCount++;
		return doc;
	}

	private termIdFor(term: string): number {
		const known = this.terms.get(term);
		if (known !== undefined) return known;
		const id = this.freeTermIds.pop() ?? this.termIdCount++;
		this.ensureTermCapacity(this.termIdCount);
		this.terms.set(term, id);
		return id;
	}

	private append(term: number, docField: number, tf: number): void {
		const tail = this.tail[term];
		if (tail === NO_CHUNK || this.tailUsed[term] === this.capacityAt(tail)) {
			let count = 0;
			for (let field = 0; field < this.fieldCount; field++) count += this.fieldCounts[term * this.fieldCount + field];
			this.startChunk(term, tail === NO_CHUNK ? 1 : Math.min(MAX_GROWTH_CHUNK, Math.max(2, count)));
		}
		const address = this.tail[term] + CHUNK_HEADER + this.tailUsed[term]++;
		const page = address >>> PAGE_BITS;
		this.docFieldPages[page][address & PAGE_MASK] = docField;
		this.tfPages[page][address & PAGE_MASK] = Math.min(tf, TF_SATURATED);
		if (tf >= TF_SATURATED) this.tfOverflow.set(term * 2 ** 31 + docField, tf);
		this.fieldCounts[term * this.fieldCount + (docField & FIELD_MASK)]++;
		this.postingCount++;
	}

	private capacityAt(address: number): number {
		return this.docFieldPages[address >>> PAGE_BITS][address & PAGE_MASK];
	}

	/** Links a new empty chunk of `capacity` postings at the end of the term's chain. */
	private startChunk(term: number, capacity: number): void {
		const address = this.allocate(CHUNK_HEADER + capacity);
		const page = this.docFieldPages[address >>> PAGE_BITS];
		page[address & PAGE_MASK] = capacity;
		page[(address & PAGE_MASK) + 1] = NO_CHUNK;
		const tail = this.tail[term];
		if (tail === NO_CHUNK) this.head[term] = address;
		else this.docFieldPages[tail >>> PAGE_BITS][(tail & PAGE_MASK) + 1] = address;
		this.tail[term] = address;
		this.tailUsed[term] = 0;
	}

	/** `slots` contiguous slots in one page; the last page grows by doubling up to `PAGE_SIZE`. */
	private allocate(slots: number): number {
		if (this.pageNeeded || this.used + slots > PAGE_SIZE) {
			this.page = this.openPage(slots);
			this.used = 0;
			this.pageNeeded = false;
		}
		const { page, used: offset } = this;
		const current = this.docFieldPages[page].length;
		if (offset + slots > current) {
			const size = Math.min(PAGE_SIZE, Math.max(offset + slots, current * 2));
			const docFields = new Int32Array(size);
			docFields.set(this.docFieldPages[page]);
			this.docFieldPages[page] = docFields;
			const tfs = new Uint8Array(size);
			tfs.set(this.tfPages[page]);
			this.tfPages[page] = tfs;
		}
		this.used = offset + slots;
		return (page << PAGE_BITS) | offset;
	}

	/** A new page at the first index a compaction let go, or at the end. */
	private openPage(slots: number): number {
		let page = this.docFieldPages.findIndex((slab) => slab.length === 0);
		if (page < 0) page = this.docFieldPages.length;
		this.docFieldPages[page] = new Int32Array(Math.max(FIRST_PAGE_SIZE, slots));
		this.tfPages[page] = new Uint8Array(Math.max(FIRST_PAGE_SIZE, slots));
		return page;
	}

	private ensureTermCapacity(terms: number): void {
		if (this.head.length >= terms) return;
		const size = Math.max(terms, Math.ceil(this.head.length * 1.5), 1024);
		this.head = grown(this.head, size, NO_CHUNK);
		this.tail = grown(this.tail, size, NO_CHUNK);
		this.tailUsed = grown(this.tailUsed, size, 0);
		const counts = new Int32Array(size * this.fieldCount);
		counts.set(this.fieldCounts);
		this.fieldCounts = counts;
	}

	private ensureDocCapacity(docs: number): void {
		if (this.live.length >= docs) return;
		const size = Math.max(docs, Math.ceil(this.live.length * 1.5), 1024);
		const live = new Uint8Array(size);
		live.set(this.live);
		this.live = live;
		const lengths = new Uint32Array(size * this.fieldCount);
		lengths.set(this.lengths);
		this.lengths = lengths;
		this.docPostings = grown(this.docPostings, size, 0);
	}

	// MiniSearch's running averages, step for step, so that scores match its own to the last bit.
	private addFieldLength(field: number, count: number, length: number): void {
		this.averageLengths[field] = (this.averageLengths[field] * count + length) / (count + 1);
	}

	private removeFieldLength(field: number, count: number, length: number): void {
		if (count === 1) {
			this.averageLengths[field] = 0;
			return;
		}
		this.averageLengths[field] = (this.averageLengths[field] * count - length) / (count - 1);
	}
}

function grown(array: Int32Array<ArrayBuffer>, size: number, fill: number): Int32Array<ArrayBuffer> {
	const next = new Int32Array(size);
	if (fill !== 0) next.fill(fill, array.length);
	next.set(array);
	return next;
}
