import { globalObject } from "../global-object";

/**
 * The renderer's `navigator.clipboard`, reduced to `writeText`. Fake-only: `Clipboard.text` holds
 * what was written last, and `Clipboard.failWith` makes the next writes reject.
 */
export class Clipboard {
	static text: string | null = null;
	static failWith: Error | null = null;

	writeText(text: string): Promise<void> {
		if (Clipboard.failWith) return Promise.reject(Clipboard.failWith);
		Clipboard.text = text;
		return Promise.resolve();
	}
}

/** Gives the global `navigator` (absent in Node 20, clipboard-less in later Node) a clipboard. */
export function installClipboard(): void {
	const scope = globalObject as { navigator?: { clipboard?: unknown } };
	if (scope.navigator === undefined)
		Object.defineProperty(globalObject, "navigator", { value: {}, configurable: true, writable: true });
	const navigator = scope.navigator as { clipboard?: unknown };
	if (!(navigator.clipboard instanceof Clipboard))
		Object.defineProperty(navigator, "clipboard", { value: new Clipboard(), configurable: true });
}
