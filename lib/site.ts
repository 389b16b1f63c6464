/** Brand facts shown in the interface (spec §1: footer credits and social links). */
export const SITE = {
  brand: "MangaNova",
  social: {
    facebook: "https://www.facebook.com/manganova",
    instagram: "https://www.instagram.com/manganova",
    x: "https://x.com/manganova",
  },
  maxWidth: 1800,
} as const;

/** localStorage keys of spec §3/§4. */
export const STORAGE_KEYS = { theme: "themeState", language: "i18nextLng", auth: "auth" } as const;
