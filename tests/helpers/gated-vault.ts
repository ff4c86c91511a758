import type { LoadedNote, VaultPort } from "../../src/core/model/vault";
import { ForwardingVault } from "./forwarding-vault";

/**
 * A vault whose reads of the notes `held` accepts wait until `release()`: a full index that is
 * still running, for as long as a test needs. Every other call goes straight through.
 */
export class GatedVault extends ForwardingVault {
	private opened = false;
	private readonly waiting: (() => void)[] = [];
	/** Reads that have reached the gate and wait there. */
	heldReads = 0;

	constructor(
		inner: VaultPort,
		private readonly held: (path: string) => boolean,
	) {
		super(inner);
	}

	override load = async (path: string): Promise<LoadedNote | null> => {
		if (!this.opened && this.held(path)) {
			this.heldReads++;
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
		return this.inner.load(path);
	};

	release(): void {
		this.opened = true;
		for (const resolve of this.waiting.splice(0)) resolve();
	}
}
