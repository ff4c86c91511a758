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
		// The headless CLI, benchmarks, scripts and tests talk to a terminal; the plugin itself never logs.
		files: ["src/node/**", "bench/**", "scripts/**", "tests/**", "*.mjs"],
		rules: {
			"obsidianmd/rule-custom-message": "off",
			"no-console": "off",
			// Node-only code: there is no popout window, and test vaults may well use ".obsidian".
			"obsidianmd/prefer-window-timers": "off",
			"obsidianmd/hardcoded-config-path": "off",
			"obsidianmd/no-global-this": "off",
		},
	},
	{
		files: ["**/*.mjs", "**/*.js"],
		languageOptions: { globals: { ...globals.node } },
	},
]);
