/** Obsidian's `Platform`, as on the desktop app under Linux (what these tests run on). */
export const Platform: {
	isDesktop: boolean;
	isMobile: boolean;
	isDesktopApp: boolean;
	isMobileApp: boolean;
	isIosApp: boolean;
	isAndroidApp: boolean;
	isPhone: boolean;
	isTablet: boolean;
	isMacOS: boolean;
	isWin: boolean;
	isLinux: boolean;
	isSafari: boolean;
	resourcePathPrefix: string;
} = {
	isDesktop: true,
	isMobile: false,
	isDesktopApp: true,
	isMobileApp: false,
	isIosApp: false,
	isAndroidApp: false,
	isPhone: false,
	isTablet: false,
	isMacOS: false,
	isWin: false,
	isLinux: true,
	isSafari: false,
	resourcePathPrefix: "app://local/",
};
