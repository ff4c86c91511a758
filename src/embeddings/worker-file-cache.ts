/**
 * transformers.js' `env.customCache` inside the embedding worker: every model file it looks up
 * (by hub URL or by local path) is asked of the main thread, which reads it from the plugin's
 * folder or downloads it. The worker itself never touches the network.
 */
export interface WorkerFileCacheOptions {
	/** Keys transformers.js uses for the model's files, e.g. "/models/owner/name/". */
	localPrefix: string;
	/** e.g. "https://huggingface.co/owner/name/resolve/"; a revision segment follows. */
	remotePrefix: string;
	/** Asks the main thread for one file; null when the model has no such file. */
	request(file: string): Promise<ArrayBuffer | null>;
}

export class WorkerFileCache {
	/**
	 * Each file is asked for once: transformers.js looks a file up several times while loading
	 * (metadata, then content; local key, then hub key). Call `forget` once the model is loaded, so
	 * the worker does not keep a second copy of the weights.
	 */
	private readonly files = new Map<string, Promise<ArrayBuffer | null>>();

	constructor(private readonly options: WorkerFileCacheOptions) {}

	async match(key: string): Promise<Response | undefined> {
		const file = this.fileOf(key);
		if (file === null) return undefined;
		let bytes = this.files.get(file);
		if (bytes === undefined) {
			bytes = this.options.request(file);
			this.files.set(file, bytes);
		}
		const found = await bytes;
		// A Response copies the bytes it is given; content-length spares transformers.js a metadata lookup.
		return found === null
			? undefined
			: new Response(found, { status: 200, headers: { "content-length": String(found.byteLength) } });
	}

	forget(): void {
		this.files.clear();
	}

	/** Files are stored by the main thread, never from inside the worker. */
	async put(): Promise<void> {}

	/** The path inside the model folder ("onnx/model.onnx") a cache key stands for; null for another model's key. */
	private fileOf(key: string): string | null {
		const { localPrefix, remotePrefix } = this.options;
		if (key.startsWith(localPrefix)) return key.slice(localPrefix.length);
		if (!key.startsWith(remotePrefix)) return null;
		const afterRevision = key.indexOf("/", remotePrefix.length);
		return afterRevision < 0 ? null : key.slice(afterRevision + 1);
	}
}
