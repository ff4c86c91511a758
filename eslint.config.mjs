// One ESLint pass, and it is the one the community plugin directory runs: eslint-plugin-obsidianmd's
// recommended config as it comes, over the whole repository, ignoring only dependencies and build
// output. The one addition is the type information its typed rules need, set up as the plugin's
// README shows. Anything that passes here passes the directory's scan.
import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";

export default defineConfig([
	globalIgnores(["**/node_modules/", "dist/", "main.js", "coverage/", "bench/.out/", ".tmp/", ".demo-vault/"]),
	...obsidianmd.configs.recommended,
	{
		files: ["**/*.ts", "**/*.mts"],
		languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
	},
]);
