import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";
import globals from "globals";

export default defineConfig([
	globalIgnores(["node_modules/", "dist/", "main.js", "coverage/", "bench/.out/", ".tmp/"]),
	...obsidianmd.configs.recommended,
	{
		files: ["**/*.ts", "**/*.mts"],
		languageOptions: {
			parserOptions: {
				projectService: true,
				tsconfigRootDir: import.meta.dirname,
			},
		},
	},
	{
		files: ["**/*.mjs", "**/*.js"],
		languageOptions: { globals: { ...globals.node } },
	},
]);
