import type { Genre } from "@/lib/enums";

/** Cover colours by a title's main genre: three gradient stops (light → dark) and an accent. */
export interface Palette {
  stops: readonly [string, string, string];
  accent: string;
}

export const PALETTES: Record<Genre, Palette> = {
  Action: { stops: ["#ff4b3e", "#8c0327", "#1a0008"], accent: "#ffd23f" },
  Adventure: { stops: ["#ffb347", "#e2571e", "#2b1055"], accent: "#fff3b0" },
  Comedy: { stops: ["#ffe45e", "#ff6392", "#5a3fc0"], accent: "#ffffff" },
  Drama: { stops: ["#8e6cc0", "#1982c4", "#0b132b"], accent: "#ffca3a" },
  Fantasy: { stops: ["#c59df5", "#5e3c99", "#120136"], accent: "#ffe6a7" },
  SciFi: { stops: ["#00f5d4", "#0077b6", "#03045e"], accent: "#caf0f8" },
  Sports: { stops: ["#fcbf49", "#d62828", "#003049"], accent: "#ffffff" },
  Horror: { stops: ["#a4161a", "#3d0000", "#050505"], accent: "#e5e5e5" },
  Mystery: { stops: ["#4361ee", "#3a0ca3", "#10002b"], accent: "#4cc9f0" },
  Tragedy: { stops: ["#a7b3c6", "#2b2d42", "#0d0d1a"], accent: "#edf2f4" },
  SliceOfLife: { stops: ["#d8f3dc", "#52b788", "#1b4332"], accent: "#fff1c1" },
  Psychological: { stops: ["#ff006e", "#8338ec", "#14001f"], accent: "#fb5607" },
  Supernatural: { stops: ["#80ffdb", "#5390d9", "#2d0a6b"], accent: "#e0aaff" },
  SchoolLife: { stops: ["#ffc8dd", "#a2d2ff", "#3d5a80"], accent: "#ffffff" },
  MartialArts: { stops: ["#ffba08", "#dc2f02", "#370617"], accent: "#ffffff" },
  Historical: { stops: ["#e6ccb2", "#9c6644", "#2d1b0e"], accent: "#fefae0" },
  Mecha: { stops: ["#ced4da", "#495057", "#0b090a"], accent: "#ff8800" },
};
