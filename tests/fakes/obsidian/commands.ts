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

	/** Fake-only: runs a command and waits for what its callback returns. */
	async run(id: string): Promise<void> {
		const command = this.commands[id];
		if (!command) throw new Error(`No command "${id}"; registered: ${Object.keys(this.commands).join(", ") || "none"}.`);
		if (command.checkCallback) command.checkCallback(false);
		else await (command.callback?.() as unknown);
	}
}
