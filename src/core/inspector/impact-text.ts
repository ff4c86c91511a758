import type { RemovalImpact } from "./types";

const NAMED_AT_MOST = 5;

/**
 * The removal impact in plain words, e.g. "Removing this leaves 2 decisions and 1 other memory
 * without a supporting link: Use Postgres, Ship on Fridays, Pool limit." Orphans are counted by
 * their category (`categoryOf`); those the impact counts but does not list are "memories".
 */
export function removalImpactText(
	impact: RemovalImpact,
	categoryOf: (path: string) => string | null,
	titleOf: (path: string) => string,
): string {
	if (impact.orphanedCount === 0) {
		return impact.disconnected > 0
			? `Removing this cuts ${counted(impact.disconnected, "memory")} off from the rest of its neighbourhood.`
			: "Removing this leaves no other memory without a supporting link.";
	}
	const byCategory = new Map<string, number>();
	for (const path of impact.orphaned) {
		const category = categoryOf(path)?.trim().toLowerCase() || "";
		byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
	}
	const uncategorised = (byCategory.get("") ?? 0) + impact.orphanedCount - impact.orphaned.length;
	byCategory.delete("");
	const groups = [...byCategory].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
	const parts = groups.map(([category, count]) => counted(count, category));
	if (uncategorised > 0) parts.push(counted(uncategorised, groups.length > 0 ? "other memory" : "memory"));
	const names = impact.orphaned.slice(0, NAMED_AT_MOST).map(titleOf);
	const more = impact.orphanedCount - names.length;
	const listed = `${names.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
	const cut = impact.disconnected - impact.orphanedCount;
	const further =
		cut > 0 ? ` It also cuts ${counted(cut, "other memory")} off from the rest of its neighbourhood.` : "";
	return `Removing this leaves ${joinWords(parts)} without a supporting link: ${listed}.${further}`;
}

/** "1 decision", "2 decisions", "3 memories". */
function counted(count: number, noun: string): string {
	return `${count} ${count === 1 ? noun : plural(noun)}`;
}

function plural(noun: string): string {
	if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
	if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
	return `${noun}s`;
}

/** "a", "a and b", "a, b and c". */
function joinWords(words: readonly string[]): string {
	return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
