/** Identifies the build; set by Vite's `define`. */
declare const __ADMIT_BUILD_ID__: string;
