/** What the memory view shows and `serve` prints while the vault has no notes: what to do next. */
export function emptyVaultHint(memoryFolder: string): string {
	return `No notes yet. Ask Claude to remember something, or add notes to the "${memoryFolder}" folder (or anywhere in the vault).`;
}
