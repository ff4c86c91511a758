import { ValueComponent } from "./base-component";

/** Obsidian's SliderComponent: `input[type=range].slider`; `onChange` on `change`, or on `input` once instant. */
export class SliderComponent extends ValueComponent<number> {
	sliderEl: HTMLInputElement;
	private instant = false;
	private format: (value: number) => string = String;
	private changeCallback: ((value: number) => unknown) | undefined;

	constructor(containerEl: HTMLElement) {
		super();
		this.sliderEl = containerEl.createEl("input", { type: "range", cls: "slider" });
		this.sliderEl.addEventListener("input", () => {
			if (this.instant) void this.changeCallback?.(this.getValue());
		});
		this.sliderEl.addEventListener("change", () => {
			if (!this.instant) void this.changeCallback?.(this.getValue());
		});
	}

	override setDisabled(disabled: boolean): this {
		super.setDisabled(disabled);
		this.sliderEl.disabled = disabled;
		return this;
	}

	setInstant(instant: boolean): this {
		this.instant = instant;
		return this;
	}

	setLimits(min: number | null, max: number | null, step: number | "any"): this {
		this.sliderEl.min = min === null ? "" : String(min);
		this.sliderEl.max = max === null ? "" : String(max);
		this.sliderEl.step = String(step);
		return this;
	}

	getValue(): number {
		return Number(this.sliderEl.value);
	}

	setValue(value: number): this {
		this.sliderEl.value = String(value);
		return this;
	}

	getValuePretty(): string {
		return this.format(this.getValue());
	}

	setDisplayFormat(format: (value: number) => string): this {
		this.format = format;
		return this;
	}

	setDynamicTooltip(): this {
		return this;
	}

	onChange(callback: (value: number) => unknown): this {
		this.changeCallback = callback;
		return this;
	}
}
