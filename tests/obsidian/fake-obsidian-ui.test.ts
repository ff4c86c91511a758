// @vitest-environment happy-dom
import type { SettingDefinitionItem } from "obsidian";
import { afterEach, describe, expect, it } from "vitest";
import { App, Modal, Plugin, PluginSettingTab, Setting, setIcon } from "../fakes/obsidian";
import { makeVaultDir, removeVaultDirs } from "./fake-app";

afterEach(removeVaultDirs);

// The UI half of the fake obsidian module: a real DOM with Obsidian's helpers and components.

describe("element helpers", () => {
	it("create children with classes, text and attributes, and empty them", () => {
		const root = createDiv({ cls: "root" });
		const child = root.createEl("button", { cls: ["a", "b"], text: "Go", attr: { "data-x": 3 } });
		const first = root.createSpan({ text: "first", prepend: true });
		expect(root.firstChild).toBe(first);
		expect(child.hasClass("a") && child.hasClass("b")).toBe(true);
		expect(child.getText()).toBe("Go");
		expect(child.getAttr("data-x")).toBe("3");
		child.toggleClass("b", false);
		expect(child.className).toBe("a");
		child.hide();
		expect(child.isShown()).toBe(false);
		root.empty();
		expect(root.childNodes.length).toBe(0);
	});

	it("create SVG elements in the SVG namespace", () => {
		const svg = createDiv().createSvg("svg", { attr: { viewBox: "0 0 10 10" } });
		const line = svg.createSvg("line", { cls: "x", attr: { x1: 0, x2: 10 } });
		expect(line.namespaceURI).toBe("http://www.w3.org/2000/svg");
		expect(line.getAttribute("x2")).toBe("10");
		setIcon(createDiv(), "copy");
	});
});

describe("Setting", () => {
	it("builds the app's row structure and fires onChange from user input", () => {
		const container = createDiv();
		const seen: unknown[] = [];
		const setting = new Setting(container)
			.setName("Half-life")
			.setDesc("Days")
			.addText((text) => text.setValue("30").onChange((value) => seen.push(value)))
			.addToggle((toggle) => toggle.setValue(false).onChange((value) => seen.push(value)))
			.addDropdown((dropdown) =>
				dropdown
					.addOptions({ a: "A", b: "B" })
					.setValue("a")
					.onChange((value) => seen.push(value)),
			);
		expect(container.find(".setting-item-name")?.getText()).toBe("Half-life");
		const input = setting.controlEl.querySelector("input[type=text]") as HTMLInputElement;
		input.value = "45";
		input.dispatchEvent(new Event("input"));
		(setting.controlEl.querySelector(".checkbox-container") as HTMLElement).click();
		const select = setting.controlEl.querySelector("select") as HTMLSelectElement;
		select.value = "b";
		select.dispatchEvent(new Event("change"));
		expect(seen).toEqual(["45", true, "b"]);
		setting.setErrorMessage("Too big");
		expect(setting.errorEl?.getText()).toBe("Too big");
		setting.setErrorMessage(null);
		expect(container.find(".setting-item-error")).toBeNull();
	});
});

describe("PluginSettingTab and Modal", () => {
	class Tab extends PluginSettingTab {
		override getSettingDefinitions(): SettingDefinitionItem[] {
			return [
				{
					type: "group",
					heading: "General",
					items: [{ name: "Row", render: (setting) => void setting.addButton((b) => b.setButtonText("Press")) }],
				},
			];
		}

		override display(): void {
			new Setting(this.containerEl).setName("Classic row");
		}
	}

	it("renders definitions like Obsidian 1.13 and display() like older apps", () => {
		const app = new App(makeVaultDir({}));
		const plugin = new (class extends Plugin {})(app, {
			id: "p",
			name: "P",
			version: "1",
			minAppVersion: "1",
			author: "",
			description: "",
		});
		const tab = new Tab(app, plugin);
		tab.open();
		expect(tab.containerEl.find(".setting-item-heading")?.getText()).toBe("General");
		expect(tab.containerEl.find("button")?.getText()).toBe("Press");
		tab.open({ classic: true });
		expect(tab.containerEl.getText()).toBe("Classic row");
	});

	it("puts an open modal in the document and removes it on close", () => {
		const modal = new Modal(new App(makeVaultDir({}))).setTitle("Welcome");
		modal.open();
		expect(document.body.find(".modal-title")?.getText()).toBe("Welcome");
		modal.close();
		expect(document.body.find(".modal")).toBeNull();
	});
});
