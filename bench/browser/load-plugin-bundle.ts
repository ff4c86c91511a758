/** What evaluating main.js gave. */
export interface LoadedBundle {
	/** Name of the default export (the plugin class). */
	exportName: string;
	/** The default export is a class with an `onload` method, as Obsidian expects. */
	isPluginClass: boolean;
	/** Module ids main.js asked `require` for while loading. */
	required: string[];
}

type Module = { exports: Record<string, unknown> };

/**
 * Evaluates a plugin bundle as Obsidian does: CommonJS text inside a function wrapper, with the
 * app's `require` and Node's `global` (Obsidian's renderer has Node integration, so
 * `global === window`; the MCP SDK's HTTP adapter reads `global.Request` when it loads). Every module it asks for is a stand-in whose members are empty classes (enough
 * to define the plugin's classes; nothing here runs the plugin).
 */
export function loadPluginBundle(source: string): LoadedBundle {
	const required: string[] = [];
	const module: Module = { exports: {} };
	// eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating main.js in a wrapper is what Obsidian does
	const wrapper = new Function("require", "module", "exports", "global", `${source}\n//# sourceURL=main.js`) as (
		require: (id: string) => unknown,
		module: Module,
		exports: Module["exports"],
		global: typeof globalThis,
	) => void;
	wrapper(
		(id) => {
			required.push(id);
			return standInModule();
		},
		module,
		module.exports,
		globalThis,
	);
	const plugin = module.exports.default ?? module.exports;
	const isClass = typeof plugin === "function";
	return {
		exportName: isClass ? plugin.name : typeof plugin,
		isPluginClass: isClass && typeof (plugin.prototype as Record<string, unknown>).onload === "function",
		required: [...new Set(required)],
	};
}

/** A module whose every member (and the module itself, for `require("events")`) is an empty class. */
function standInModule(): unknown {
	class StandIn {}
	return new Proxy(StandIn, {
		get: (target, key): unknown => (key in target ? (Reflect.get(target, key) as unknown) : key === "__esModule" ? false : StandIn),
	});
}
