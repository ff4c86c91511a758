import type { Editor, MarkdownView } from "obsidian";
import type { Command } from "./metadata-types";

/** The app's command registry (`app.commands`, internal in the typings). */
export class Commands {
	readonly commands: Record<string, Command> = {};

	addCommand(command: Command): void {
		this.commands[command.id] = command;
	}

	removeCommand(id: string): void {
		delete this.commands[id];
	}

	executeCommandById(id: string): boolean {
		const command = this.commands[id];
		if (!command) return false;
		if (command.checkCallback) return command.checkCallback(false) !== false;
		if (!command.callback) return false;
		void command.callback();
		return true;
	}

	/**
	 * Fake-only: runs an editor command with `selection` selected in the active editor; false
	 * when its check says it does not apply.
	 */
	runInEditor(id: string, selection: string): boolean {
		const command = this.commands[id];
		if (!command?.editorCheckCallback) throw new Error(`No editor command "${id}".`);
		const editor = { getSelection: () => selection } as unknown as Editor;
		const context = {} as MarkdownView;
		if (command.editorCheckCallback(true, editor, context) === false) return false;
		command.editorCheckCallback(false, editor, context);
		return true;
	}

	/** Fake-only: runs a command and waits for what its callback returns. */
	async run(id: string): Promise<void> {
		const command = this.commands[id];
		if (!command)
			throw new Error(`No command "${id}"; registered: ${Object.keys(this.commands).join(", ") || "none"}.`);
		if (command.checkCallback) command.checkCallback(false);
		else await (command.callback?.() as unknown);
	}
}
