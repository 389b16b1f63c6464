import localFont from "next/font/local";

/**
 * The Arabic font (Noto Kufi Arabic, from @fontsource; spec §1: Arabic pages use an Arabic font). Latin text uses
 * the system's interface font (app/globals.css), so English pages download no font at all (docs/decisions/010).
 * Two weights (semibold and heavier text uses the bold file) and no preload: text shows at once in the fallback and
 * swaps when the file arrives, so the font never competes with the page's first image.
 */
export const arabicFont = localFont({
  src: [
    { path: "../node_modules/@fontsource/noto-kufi-arabic/files/noto-kufi-arabic-arabic-400-normal.woff2", weight: "400" },
    { path: "../node_modules/@fontsource/noto-kufi-arabic/files/noto-kufi-arabic-arabic-700-normal.woff2", weight: "700" },
  ],
  variable: "--font-arabic",
  display: "swap",
  preload: false,
  fallback: ["Tahoma", "Arial", "sans-serif"],
});
