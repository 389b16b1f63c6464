import localFont from "next/font/local";

/**
 * Latin interface font (Inter) and Arabic font (Noto Kufi Arabic), both served from @fontsource packages.
 * Two weights each (semibold and heavier text uses the bold file), and no preload: text shows at once in the
 * size-matched fallback and swaps when the file arrives, so fonts never compete with the page's first image.
 */
export const latinFont = localFont({
  src: [
    { path: "../node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2", weight: "400" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-700-normal.woff2", weight: "700" },
  ],
  variable: "--font-latin",
  display: "swap",
  preload: false,
  fallback: ["system-ui", "Segoe UI", "Roboto", "Arial", "sans-serif"],
});

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
