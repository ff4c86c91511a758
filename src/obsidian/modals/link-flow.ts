import { Notice, TFile, type App } from "obsidian";
import type { MemoryActions } from "../memory-actions";
import { EdgeTypeModal } from "./edge-type-modal";
import { NoteSuggestModal } from "./note-suggest-modal";
import { TypedLinkModal, type TypedLinkChoice } from "./typed-link-modal";

/** "Add causal link…" from `source`: the note suggester, then the type picker, then the write. */
export function addLinkFlow(app: App, actions: MemoryActions, source: string): void {
	const engine = actions.engine(true);
	if (!engine) return;
	const graph = engine.index.graph;
	const sourceTitle = graph.node(source)?.title ?? source;
	new NoteSuggestModal(
		app,
		`Link ${sourceTitle} to…`,
		(file) => file.path !== source && graph.hasNote(file.path),
		(target) =>
			new EdgeTypeModal(app, sourceTitle, target.basename, (type) => {
				void actions.linkNotes(source, target.path, type);
			}).open(),
	).open();
}

/** "Link as…" of a suggested note: the type picker for the link `source` → `target`, then the write. */
export function linkAsFlow(app: App, actions: MemoryActions, source: string, target: string): void {
	const graph = actions.engine(true)?.index.graph;
	if (!graph) return;
	new EdgeTypeModal(app, graph.node(source)?.title ?? source, graph.node(target)?.title ?? target, (type) => {
		void actions.linkNotes(source, target, type);
	}).open();
}

/** "Remove causal link…" from `source`: pick one of the typed links its properties state, then remove it. */
export function removeLinkFlow(app: App, actions: MemoryActions, source: string): void {
	const links = removableLinks(actions, source);
	if (links.length === 0) {
		if (actions.engine()) new Notice(`${titleIn(app, source)} states no typed links in its properties.`);
		return;
	}
	new TypedLinkModal(app, links, (link) => void actions.unlinkNotes(source, link.target, link.type)).open();
}

/** The typed links `source` states in its properties (or auto-links): those an unlink can take out. */
function removableLinks(actions: MemoryActions, source: string): TypedLinkChoice[] {
	const graph = actions.engine(true)?.index.graph;
	if (!graph) return [];
	return graph
		.outEdges(source)
		.filter((edge) => edge.provenance.some((p) => p.origin === "frontmatter" || p.origin === "auto_link"))
		.map((edge) => ({
			target: edge.target,
			targetTitle: graph.node(edge.target)?.title ?? edge.target,
			type: edge.type,
		}));
}

function titleIn(app: App, path: string): string {
	const file = app.vault.getAbstractFileByPath(path);
	return file instanceof TFile ? file.basename : path;
}
