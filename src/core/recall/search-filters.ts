import { LIFECYCLE_STATUSES, type LifecycleStatus } from "../model/lifecycle-status";
import type { MemoryNodeAttributes } from "../graph/types";
import type { SearchFilters } from "./recall-types";
import { MemoryError } from "../model/memory-error";
import { overlaps, type Day, type DayRange } from "../time/calendar";
import { namedPeriod } from "../time/time-expressions";

/** What a filter needs to know about a note beyond its graph attributes. */
export interface FilterFacts {
	status: LifecycleStatus;
	/** Latest of modified, last recall and last open. */
	lastUsed: number;
	/** The days the memory speaks of (event date, dates in its text; see extractCues). */
	times: readonly DayRange[];
	/** The day it was written, when known. */
	written?: Day;
}

export type NoteFilter = (node: MemoryNodeAttributes, facts: () => FilterFacts) => boolean;

/**
 * Checks the filters and turns them into one predicate. Throws an error naming the filter and
 * the fix for a value that cannot match anything the way it was meant (an unknown status, a
 * date that is not a timestamp).
 */
export function compileFilters(filters: SearchFilters, today?: Day): NoteFilter {
	const checks: NoteFilter[] = [];
	const include = filters.include;
	if (include) checks.push((node) => include(node.path));
	const statuses = statusList(filters.status);
	if (statuses) checks.push((_node, facts) => statuses.has(facts().status));
	if (filters.category !== undefined) {
		const category = nonEmpty(filters.category, "category").toLowerCase();
		checks.push((node) => node.memory.category?.toLowerCase() === category);
	}
	if (filters.folder !== undefined) {
		const folder = nonEmpty(filters.folder, "folder").replace(/^\/+|\/+$/g, "");
		checks.push((node) => folder === "" || node.folder === folder || node.folder.startsWith(`${folder}/`));
	}
	if (filters.tag !== undefined) {
		const tag = nonEmpty(filters.tag, "tag").replace(/^#/, "").toLowerCase();
		checks.push((node) => node.tags.some((raw) => tagMatches(raw, tag)));
	}
	if (filters.since !== undefined) {
		const since = timestamp(filters.since, "since");
		checks.push((node) => node.ctime >= since);
	}
	if (filters.activeSince !== undefined) {
		const since = timestamp(filters.activeSince, "activeSince");
		checks.push((_node, facts) => facts().lastUsed >= since);
	}
	if (filters.during !== undefined) {
		const period = periodFilter(filters.during, today);
		checks.push((_node, facts) => {
			const { times, written } = facts();
			return (
				(written !== undefined && period.start <= written && written <= period.end) ||
				times.some((time) => overlaps(time, period))
			);
		});
	}
	return (node, facts) => {
		let known: FilterFacts | undefined;
		const once = (): FilterFacts => (known ??= facts());
		return checks.every((check) => check(node, once));
	};
}

/** `project` matches `#project` and `#project/alpha`, not `#projects`. */
function tagMatches(raw: string, wanted: string): boolean {
	const tag = raw.replace(/^#/, "").toLowerCase();
	return tag === wanted || tag.startsWith(`${wanted}/`);
}

function statusList(status: SearchFilters["status"]): Set<LifecycleStatus> | null {
	if (status === undefined) return null;
	const list: readonly unknown[] = typeof status === "string" ? [status] : status;
	if (!Array.isArray(list) || list.length === 0) {
		throw new Error(
			`Search filter "status" must be one of ${LIFECYCLE_STATUSES.join(", ")}, or a non-empty list of them.`,
		);
	}
	for (const value of list) {
		if (!(LIFECYCLE_STATUSES as readonly unknown[]).includes(value)) {
			throw new Error(
				`Search filter "status" has ${JSON.stringify(value)}; use one of ${LIFECYCLE_STATUSES.join(", ")}.`,
			);
		}
	}
	return new Set(list as LifecycleStatus[]);
}

function nonEmpty(value: unknown, name: string): string {
	if (typeof value !== "string" || value.trim() === "")
		throw new Error(`Search filter "${name}" must be a non-empty string.`);
	return value.trim();
}

function timestamp(value: unknown, name: string): number {
	if (typeof value !== "number" || !Number.isFinite(value)) {
		throw new Error(
			`Search filter "${name}" must be a time in milliseconds since the epoch (got ${JSON.stringify(value)}).`,
		);
	}
	return value;
}

function periodFilter(value: unknown, today: Day | undefined): DayRange {
	const period = typeof value === "string" && today !== undefined ? namedPeriod(value, today) : undefined;
	if (period === undefined) {
		throw new MemoryError(
			`filters.during ${JSON.stringify(value)} names no period; give one, e.g. "March" (the latest March), "summer 2023", "2024-03", "2024-03-14" or "last week".`,
			"filters.during",
		);
	}
	return period;
}
