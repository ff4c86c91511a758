import { describe, expect, it } from "vitest";
import { parseMcpSettings, type McpSettings } from "../../../src/core/model/mcp-settings";
import { MemoryPermissions } from "../../../src/core/permissions/memory-permissions";
import { refusal } from "../../helpers/refusal";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../../fakes/obsidian/vault";

function setup(mcp: Partial<McpSettings> = {}, excludedFolders: string[] = ["Private"]) {
	const settings = { mcp: parseMcpSettings(mcp), memoryFolder: "Memory", excludedFolders };
	return { permissions: new MemoryPermissions(() => settings), settings };
}

describe("MemoryPermissions", () => {
	it("by default reads every memory and writes only the memory folder", () => {
		const { permissions } = setup();
		expect(permissions.canRead("Projects/Plan.md")).toBe(true);
		expect(permissions.canRead("Memory/Fact.md")).toBe(true);
		expect(permissions.canWrite("Memory/Fact.md")).toBe(true);
		expect(permissions.canWrite("Memory/Deep/Fact.md")).toBe(true);
		expect(permissions.canWrite("Projects/Plan.md")).toBe(false);
		expect(permissions.canWrite("Memory.md")).toBe(false);
		expect(permissions.canWrite("Memory archive/Fact.md")).toBe(false);
		expect(permissions.writeFolders()).toEqual(["Memory"]);
	});

	it("never reads or writes excluded folders, hidden folders or non-notes, and says why", () => {
		const { permissions } = setup({ writeFolders: ["Private", CONFIG_DIR] });
		for (const path of ["Private/Diary.md", `${CONFIG_DIR}/app.md`, "Memory/.hidden/x.md", "Memory/photo.png"]) {
			expect(permissions.canRead(path), path).toBe(false);
			expect(permissions.canWrite(path), path).toBe(false);
		}
		expect(refusal(() => permissions.assertReadable("Private/Diary.md", "node_id")).message).toBe(
			'Not allowed: "Private/Diary.md" (field node_id) is in an excluded folder (setting index.excludedFolders: "Private"); remove it from there to allow it.',
		);
		expect(refusal(() => permissions.assertWritable(`${CONFIG_DIR}/app.md`, "node_id")).message).toContain(
			"is in a hidden folder",
		);
		expect(refusal(() => permissions.assertReadable("Memory/photo.png", "target")).message).toContain(
			"is not a markdown note",
		);
	});

	it("limits reads to mcp.readFolders, keeping the write folders readable", () => {
		const { permissions } = setup({ readFolders: ["Projects"], writeFolders: ["Inbox"] });
		expect(permissions.canRead("Projects/Plan.md")).toBe(true);
		expect(permissions.canRead("Memory/Fact.md")).toBe(true);
		expect(permissions.canRead("Inbox/Idea.md")).toBe(true);
		expect(permissions.canRead("Journal/Today.md")).toBe(false);
		const error = refusal(() => permissions.assertReadable("Journal/Today.md", "target"));
		expect(error.field).toBe("target");
		expect(error.retryable).toBe(false);
		expect(error.message).toBe(
			'Not allowed: "Journal/Today.md" (field target) is outside the folders MCP clients may read (setting mcp.readFolders: "Projects"); add its folder there to allow it.',
		);
	});

	it("adds mcp.writeFolders to the memory folder", () => {
		const { permissions } = setup({ writeFolders: ["Inbox", "Memory"] });
		expect(permissions.writeFolders()).toEqual(["Memory", "Inbox"]);
		expect(permissions.canWrite("Inbox/Idea.md")).toBe(true);
		expect(refusal(() => permissions.assertWritable("Projects/Plan.md", "node_id")).message).toBe(
			'Not allowed: "Projects/Plan.md" (field node_id) is outside the folders MCP clients may write (the memory folder "Memory" and setting mcp.writeFolders: "Inbox"); add its folder to the setting mcp.writeFolders to allow it.',
		);
	});

	it("lets memory keys change on other readable notes only when allowMemoryKeysOnOtherNotes is on", () => {
		const off = setup().permissions;
		expect(() => off.assertMemoryKeysWritable("Memory/Fact.md", "node_id")).not.toThrow();
		expect(refusal(() => off.assertMemoryKeysWritable("Projects/Plan.md", "source")).message).toBe(
			'Not allowed: "Projects/Plan.md" (field source) is outside the folders MCP clients may write (the memory folder "Memory"; setting mcp.writeFolders is empty); ' +
				"to let them pin and link your other notes, turn on the setting mcp.allowMemoryKeysOnOtherNotes, or add the note's folder to mcp.writeFolders.",
		);
		const on = setup({ allowMemoryKeysOnOtherNotes: true, readFolders: ["Projects"] }).permissions;
		expect(() => on.assertMemoryKeysWritable("Projects/Plan.md", "source")).not.toThrow();
		// Allowed keys still need a readable note.
		expect(refusal(() => on.assertMemoryKeysWritable("Journal/Today.md", "source")).message).toContain(
			"outside the folders MCP clients may read",
		);
		expect(refusal(() => on.assertMemoryKeysWritable("Private/Diary.md", "source")).message).toContain(
			"excluded folder",
		);
	});

	it("reads the settings on every check", () => {
		const { permissions, settings } = setup();
		expect(permissions.canWrite("Inbox/Idea.md")).toBe(false);
		settings.mcp = parseMcpSettings({ writeFolders: ["Inbox"] });
		expect(permissions.canWrite("Inbox/Idea.md")).toBe(true);
	});
});
