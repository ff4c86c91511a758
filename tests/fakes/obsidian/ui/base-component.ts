/** Obsidian's BaseComponent: `then` for chaining, `setDisabled`. */
export abstract class BaseComponent {
	disabled = false;

	then(cb: (component: this) => unknown): this {
		cb(this);
		return this;
	}

	setDisabled(disabled: boolean): this {
		this.disabled = disabled;
		return this;
	}
}

/** Obsidian's ValueComponent: a component holding a value. */
export abstract class ValueComponent<T> extends BaseComponent {
	registerOptionListener(listeners: Record<string, (value?: T) => T>, key: string): this {
		listeners[key] = (value?: T) => {
			if (value !== undefined) this.setValue(value);
			return this.getValue();
		};
		return this;
	}

	abstract getValue(): T;
	abstract setValue(value: T): this;
}
