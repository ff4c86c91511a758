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
 * app's `require` and Node's `global` (the caller's global object: Obsidian's renderer has Node
 * integration, so `global === window`; the MCP SDK's HTTP adapter reads `global.Request` when it loads). Every module it asks for is a stand-in whose members are empty classes (enough
 * to define the plugin's classes; nothing here runs the plugin). `keep` receives the default export,
 * for a caller that holds on to it as Obsidian holds the plugin class.
 */
export function loadPluginBundle(source: string, global: object, keep?: (exports: unknown) => void): LoadedBundle {
	const required: string[] = [];
	const module: Module = { exports: {} };
	// eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating main.js in a wrapper is what Obsidian does
	const wrapper = new Function("require", "module", "exports", "global", `${source}\n//# sourceURL=main.js`) as (
		require: (id: string) => unknown,
		module: Module,
		exports: Module["exports"],
		global: object,
	) => void;
	wrapper(
		(id) => {
			required.push(id);
			return standInModule();
		},
		module,
		module.exports,
		global,
	);
	const plugin = module.exports.default ?? module.exports;
	keep?.(plugin);
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
