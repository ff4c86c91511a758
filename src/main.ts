import { Plugin } from "obsidian";

export default class CausalMemoryPlugin extends Plugin {
	override async onload(): Promise<void> {}
}
