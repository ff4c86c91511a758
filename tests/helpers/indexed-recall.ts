import { RecallService, type RecallServiceDeps } from "../../src/engine/recall/recall-service";
import { VaultIndex } from "../../src/engine/index/vault-index";
import { MemoryVault } from "./memory-vault";

/** Filler notes, so that a query never matches most of the vault. */
export const FILLER: Record<string, string> = {
	"Garden.md": "Tomatoes need more water in July.",
	"Books.md": "Reading list: a novel about sailing.",
	"Lunch.md": "Noodles on Tuesday at the corner place.",
	"Gym.md": "Leg day moved to Thursday evening.",
};

/** A recall service over an index built from `files` and the filler notes. */
export async function indexedRecall(files: Record<string, string>, deps: RecallServiceDeps = {}) {
	const vault = new MemoryVault({ ...FILLER, ...files });
	const recall = new RecallService(deps);
	const index = new VaultIndex(vault, { onLoaded: recall.noteLoaded });
	recall.attach(index);
	await index.build();
	return { vault, index, recall };
}
