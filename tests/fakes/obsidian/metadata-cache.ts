import { setTimeout } from "node:timers";
import { readFileSync } from "node:fs";
import { LinkResolver, splitLinkpath } from "../../../src/core/parse/link-resolver";
import { parseNote } from "../../../src/core/parse/parse-note";
import { cacheFromParse } from "./cache-from-parse";
import { Events } from "./events";
import { TFile } from "./files";
import type { CachedMetadata } from "./metadata-types";
import type { Vault, VaultObserver } from "./vault";

export type LinkCounts = Record<string, Record<string, number>>;

/**
 * Obsidian's MetadataCache. Notes are (re)parsed a macrotask after they change, as the app
 * parses in a worker; then `changed(file, data, cache)` fires, links are re-resolved,
 * `resolve(file)` fires per parsed note and `resolved` once the queue is empty. A rename
 * moves the cache without `changed`; a delete fires `deleted(file, prevCache)`.
 * The cache comes from our own parser (see cache-from-parse.ts), and link resolution from
 * our LinkResolver, so the fake checks our adapter, not our parser.
 */
export class MetadataCache extends Events implements VaultObserver {
	resolvedLinks: LinkCounts = {};
	unresolvedLinks: LinkCounts = {};
	private readonly caches = new Map<string, CachedMetadata>();
	private readonly resolver = new LinkResolver();
	private readonly pending = new Set<string>();
	private needsResolve = false;
	private timer: ReturnType<typeof setTimeout> | undefined;
	private idleWaiters: (() => void)[] = [];

	/** `warm`: every note is already cached when the app starts (no `changed` events), as after a previous session. */
	constructor(
		private readonly vault: Vault,
		warm: boolean,
	) {
		super();
		vault.setObserver(this);
		for (const file of vault.getFiles()) this.resolver.add(file.path);
		for (const file of vault.getMarkdownFiles()) {
			if (warm) this.caches.set(file.path, this.parse(file).cache);
			else this.pending.add(file.path);
		}
		if (warm) this.recomputeLinks();
		else this.schedule();
	}

	getFileCache(file: TFile): CachedMetadata | null {
		return this.caches.get(file.path) ?? null;
	}

	getCache(path: string): CachedMetadata | null {
		return this.caches.get(path) ?? null;
	}

	getFirstLinkpathDest(linkpath: string, sourcePath: string): TFile | null {
		const path = linkpath === "" ? sourcePath : this.resolver.resolve(linkpath, sourcePath);
		return path === null ? null : this.vault.getFileByPath(path);
	}

	/** Shortest link text that resolves to `file` from `sourcePath` (the app's default link format). */
	fileToLinktext(file: TFile, sourcePath: string, omitMdExtension = true): string {
		const name = omitMdExtension && file.extension === "md" ? file.basename : file.name;
		if (this.getFirstLinkpathDest(name, sourcePath) === file) return name;
		return omitMdExtension && file.extension === "md" ? file.path.slice(0, -3) : file.path;
	}

	/** Fake-only: settles once every pending parse has run and its events have fired. */
	whenIdle(): Promise<void> {
		if (this.timer === undefined) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	created(file: TFile): void {
		this.resolver.add(file.path);
		this.needsResolve = true;
		if (file.extension === "md") this.pending.add(file.path);
		this.schedule();
	}

	modified(file: TFile): void {
		if (file.extension !== "md") return;
		this.pending.add(file.path);
		this.schedule();
	}

	deleted(file: TFile): void {
		this.resolver.remove(file.path);
		this.pending.delete(file.path);
		const previous = this.caches.get(file.path) ?? null;
		this.caches.delete(file.path);
		this.trigger("deleted", file, previous);
		this.needsResolve = true;
		this.schedule();
	}

	renamed(file: TFile, oldPath: string): void {
		this.resolver.remove(oldPath);
		this.resolver.add(file.path);
		const cache = this.caches.get(oldPath);
		this.caches.delete(oldPath);
		if (cache && file.extension === "md") this.caches.set(file.path, cache);
		if (this.pending.delete(oldPath) || (cache === undefined && file.extension === "md")) this.pending.add(file.path);
		this.needsResolve = true;
		this.schedule();
	}

	private schedule(): void {
		this.timer ??= setTimeout(() => this.flush(), 0);
	}

	private flush(): void {
		const parsed: TFile[] = [];
		for (const path of [...this.pending]) {
			this.pending.delete(path);
			const file = this.vault.getFileByPath(path);
			if (!file) continue;
			const { content, cache } = this.parse(file);
			this.caches.set(path, cache);
			parsed.push(file);
			this.trigger("changed", file, content, cache);
		}
		if (parsed.length > 0 || this.needsResolve) {
			this.needsResolve = false;
			this.recomputeLinks();
			for (const file of parsed) this.trigger("resolve", file);
			this.trigger("resolved");
		}
		this.timer = undefined;
		if (this.pending.size > 0 || this.needsResolve) {
			this.schedule();
			return;
		}
		const waiters = this.idleWaiters;
		this.idleWaiters = [];
		for (const resolve of waiters) resolve();
	}

	private parse(file: TFile): { content: string; cache: CachedMetadata } {
		const content = readFileSync(this.vault.fullPath(file.path), "utf8");
		return { content, cache: cacheFromParse(parseNote(content)) };
	}

	private recomputeLinks(): void {
		const resolved: LinkCounts = {};
		const unresolved: LinkCounts = {};
		for (const [source, cache] of this.caches) {
			const targets: Record<string, number> = {};
			const missing: Record<string, number> = {};
			for (const ref of [...(cache.links ?? []), ...(cache.embeds ?? []), ...(cache.frontmatterLinks ?? [])]) {
				const linkpath = splitLinkpath(ref.link).path;
				const target = this.getFirstLinkpathDest(linkpath, source);
				if (target) targets[target.path] = (targets[target.path] ?? 0) + 1;
				else missing[linkpath] = (missing[linkpath] ?? 0) + 1;
			}
			resolved[source] = targets;
			unresolved[source] = missing;
		}
		this.resolvedLinks = resolved;
		this.unresolvedLinks = unresolved;
	}
}
