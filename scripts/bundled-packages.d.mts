export function bundledPackages(): Promise<{ name: string; version: string; license: string }[]>;
