import type { LoadedNote } from "../../src/core/model/vault";
import { MemoryVault } from "./memory-vault";

/** A MemoryVault that counts the notes read in full (`load`), e.g. to check a start took them from their digest. */
export class CountingVault extends MemoryVault {
	loads = 0;
	override load(path: string): Promise<LoadedNote | null> {
		this.loads++;
		return super.load(path);
	}
}
