import { Notice } from "obsidian";
import { errorMessage } from "../../core/model/error-message";
import type { MemoryCluster, MemoryReview } from "../../engine/review/memory-review";
import type { MemoryActions } from "../memory-actions";
import { UNDO_CONSOLIDATION_COMMAND } from "../consolidation-commands";
import { titleOf } from "./view-text";

/**
 * What the user does to a review item from the memory view: each action reports its outcome or
 * its failure as a notice and tells the view to re-render. None throws.
 */
export class ReviewActions {
	constructor(readonly actions: MemoryActions) {}

	keep(path: string): Promise<boolean> {
		return this.run(
			"could not keep the memory",
			(review) => review.keep(path),
			`Kept: ${titleOf(path)} counts as used.`,
		);
	}

	pin(path: string): Promise<boolean> {
		return this.run(
			"could not pin the memory",
			(review) => review.pin(path),
			`Pinned: ${titleOf(path)} is a core memory.`,
		);
	}

	letGo(path: string): Promise<boolean> {
		return this.run(
			"could not let the memory go",
			(review) => review.letGo(path),
			`Let go: ${titleOf(path)} fades as it would have, and is not asked about again.`,
		);
	}

	stillTrue(path: string): Promise<boolean> {
		return this.run(
			"could not mark the memory still true",
			(review) => review.stillTrue(path),
			`Still true: ${titleOf(path)} is asked about again only if its links change.`,
		);
	}

	supersede(path: string, by: string): Promise<boolean> {
		return this.run(
			"could not supersede the memory",
			(review) => review.supersede(path, by),
			`${titleOf(by)} supersedes ${titleOf(path)} now.`,
		);
	}

	accept(source: string, target: string): Promise<boolean> {
		return this.run(
			"could not add the link",
			(review) => review.acceptRelationship(source, target),
			`Linked: ${titleOf(source)} → ${titleOf(target)}.`,
		);
	}

	decline(source: string, target: string): Promise<boolean> {
		return this.run(
			"could not decline the link",
			(review) => review.declineRelationship(source, target),
			`Declined: ${titleOf(source)} and ${titleOf(target)} will not be proposed again.`,
		);
	}

	/**
	 * "Consolidate": the cluster's extractive summary becomes a memory, opened in a new tab for the
	 * user to edit; the notice says how to undo it.
	 */
	async consolidate(cluster: MemoryCluster): Promise<boolean> {
		const engine = this.actions.engine(true);
		if (!engine) return false;
		try {
			const result = await engine.consolidateExtractively(cluster.members, cluster.label);
			new Notice(
				`Consolidated ${result.members.length} memories into ${titleOf(result.nodeId)}, opened to edit. ` +
					`"${UNDO_CONSOLIDATION_COMMAND}" takes it back.`,
			);
			await this.actions.openInNewTab(result.nodeId);
			return true;
		} catch (error) {
			new Notice(`Causal Memory: could not consolidate: ${errorMessage(error)}`);
			return false;
		} finally {
			this.actions.memory.changed();
		}
	}

	dismiss(cluster: MemoryCluster): Promise<boolean> {
		return this.run(
			"could not dismiss the cluster",
			(review) => review.dismissCluster(cluster.members),
			`Dismissed: these ${cluster.members.length} memories will not be proposed together again.`,
		);
	}

	private async run(failure: string, work: (review: MemoryReview) => Promise<unknown>, done: string): Promise<boolean> {
		const engine = this.actions.engine(true);
		if (!engine) return false;
		try {
			await work(engine.review);
			new Notice(done);
			return true;
		} catch (error) {
			new Notice(`Causal Memory: ${failure}: ${errorMessage(error)}`);
			return false;
		} finally {
			this.actions.memory.changed();
		}
	}
}
