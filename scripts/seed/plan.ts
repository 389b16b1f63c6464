import { Status } from "@/lib/enums";
import type { PublicationStatus } from "@/lib/publication-status";
import { Rng } from "./random";
import { ACCOUNTS, type DemoAccount } from "./accounts";
import { CATALOGUE, type CatalogueEntry } from "./catalogue";

/**
 * Everything the demo database will contain, decided up front by a pure function of the fixed
 * seed: statuses, chapters, page counts, view and favourite numbers, who favourited what.
 * Dates are offsets in days before "now", so the catalogue always looks recently active.
 */

export const MIN_PAGES = 6;
export const MAX_PAGES = 20;
/** Page-art styles: 0–1 have English speech, 2–3 Arabic (see art/page.ts). */
export const PAGE_STYLES = [0, 1, 2, 3] as const;

export interface PlannedChapter {
  number: number;
  title: string;
  status: Status;
  isPremium: boolean;
  reviewNote: string | null;
  pageCount: number;
  views: number;
  daysAgo: number;
}

export interface PlannedManga {
  entry: CatalogueEntry;
  status: Status;
  reviewNote: string | null;
  /** Most are ongoing; the catalogue names the few completed, on hiatus or cancelled. */
  publicationStatus: PublicationStatus;
  /** Page-art style used for every page of its chapters. */
  style: number;
  chapters: PlannedChapter[];
  views: number;
  /** Favourites from readers beyond the demo accounts (the counter is set directly). */
  audienceFavorites: number;
  daysAgo: number;
}

export interface PlannedReading {
  username: string;
  title: string;
  chapterNumber: number;
  pageNumber: number;
  completed: boolean;
}

export interface DemoPlan {
  manga: PlannedManga[];
  /** username → titles they favourited */
  favorites: Map<string, string[]>;
  reading: PlannedReading[];
}

const CHAPTER_TITLES = {
  en: [
    "A Promise at Dusk", "The Stranger at the Gate", "Sparks", "No Turning Back", "What the Rain Hid",
    "The First Lesson", "Crossroads", "Night Market", "Borrowed Courage", "Old Scars", "The Long Way Home",
    "Under the Same Sky", "Smoke Signals", "The Rival", "Breaking Point", "Quiet Before the Storm",
    "A Door Left Open", "Counterattack", "Echoes", "Where the Map Ends", "Second Chances", "The Truth, Finally",
  ],
  ar: [
    "وعد عند الغروب", "الغريب عند البوابة", "شرارة", "لا عودة", "ما أخفاه المطر", "الدرس الأول",
    "مفترق الطرق", "سوق الليل", "شجاعة مستعارة", "جراح قديمة", "طريق العودة الطويل", "تحت السماء نفسها",
    "إشارات الدخان", "الغريم", "نقطة الانكسار", "الهدوء الذي يسبق العاصفة", "باب بقي مفتوحًا", "الهجوم المضاد",
    "أصداء", "حيث تنتهي الخريطة", "فرصة ثانية", "الحقيقة أخيرًا",
  ],
} as const;

const PROLOGUE = { en: "Prologue", ar: "البداية" } as const;

const CHAPTER_REJECTION = {
  en: "Several pages are duplicated and the last page is cut off. Please fix the page order and upload the missing page.",
  ar: "بعض الصفحات مكررة والصفحة الأخيرة مقطوعة. يرجى تصحيح ترتيب الصفحات ورفع الصفحة الناقصة.",
} as const;

function statusOf(entry: CatalogueEntry): Status {
  if (!entry.review) return Status.Accepted;
  return entry.review.status === "pending" ? Status.Pending : Status.Rejected;
}

function chapterTitles(entry: CatalogueEntry, rng: Rng, count: number): string[] {
  const pool = rng.shuffle(CHAPTER_TITLES[entry.language]);
  return Array.from({ length: count }, (_, i) => (i === 0 ? PROLOGUE[entry.language] : (pool[i % pool.length] ?? PROLOGUE[entry.language])));
}

function planChapters(entry: CatalogueEntry, status: Status, rng: Rng, mangaDaysAgo: number, popularity: number): PlannedChapter[] {
  const published = status === Status.Accepted ? rng.int(3, 12) : 0;
  const pending = status === Status.Pending ? rng.int(1, 3) : status === Status.Accepted && rng.chance(0.3) ? 1 : 0;
  const rejected = status === Status.Rejected ? 1 : status === Status.Accepted && rng.chance(0.15) ? 1 : 0;
  const total = published + rejected + pending;
  const titles = chapterTitles(entry, rng, total);
  const premiumLast = status === Status.Accepted && published >= 5 && rng.chance(0.3);
  const spacing = Math.max(1, Math.floor(mangaDaysAgo / (total + 1)));
  return titles.map((title, i) => {
    const chapterStatus = i < published ? Status.Accepted : i < published + rejected ? Status.Rejected : Status.Pending;
    const note =
      chapterStatus !== Status.Rejected ? null : entry.review?.status === "rejected" ? entry.review.note : CHAPTER_REJECTION[entry.language];
    return {
      number: i + 1,
      title,
      status: chapterStatus,
      isPremium: premiumLast && i === published - 1,
      reviewNote: note,
      pageCount: rng.int(MIN_PAGES, MAX_PAGES),
      // Earlier chapters have been read more: each one keeps ~80% of the previous one's readers.
      views: chapterStatus === Status.Accepted ? Math.round(popularity * 0.8 ** i * rng.float(0.9, 1.1)) : 0,
      daysAgo: Math.max(0, mangaDaysAgo - spacing * (i + 1)),
    };
  });
}

function planManga(entry: CatalogueEntry, index: number): PlannedManga {
  const rng = Rng.for("manga", entry.title);
  const status = statusOf(entry);
  const daysAgo = status === Status.Accepted ? rng.int(20, 360) : rng.int(1, 12);
  // Readership spread over two orders of magnitude so sorting by popularity means something.
  const popularity = Math.round(150 * Math.exp(rng.float(0, 4)) * (entry.featured ? 2.5 : 1));
  const chapters = planChapters(entry, status, rng, daysAgo, popularity);
  const views = chapters.reduce((sum, c) => sum + c.views, 0);
  const languageStyles = entry.language === "en" ? [0, 1] : [2, 3];
  return {
    entry,
    status,
    reviewNote: entry.review?.status === "rejected" ? entry.review.note : null,
    publicationStatus: entry.publication ?? "ongoing",
    style: languageStyles[index % 2] ?? 0,
    chapters,
    views,
    audienceFavorites: status === Status.Accepted ? Math.round(views * rng.float(0.01, 0.05)) : 0,
    daysAgo,
  };
}

function planFavorites(manga: PlannedManga[]): Map<string, string[]> {
  const published = manga.filter((m) => m.status === Status.Accepted);
  // Popular titles are more likely to be favourited: sort by views and bias picks to the front.
  const byViews = [...published].sort((a, b) => b.views - a.views).map((m) => m.entry.title);
  const favorites = new Map<string, string[]>();
  for (const account of ACCOUNTS) {
    const rng = Rng.for("favorites", account.username);
    const count = account.role === 0 ? rng.int(5, 12) : rng.int(2, 5);
    const picks = new Set<string>();
    while (picks.size < count) {
      const i = Math.floor(byViews.length * rng.next() ** 1.8);
      const title = byViews[i];
      if (title) picks.add(title);
    }
    favorites.set(account.username, [...picks]);
  }
  return favorites;
}

function planReading(manga: PlannedManga[], readers: readonly DemoAccount[]): PlannedReading[] {
  const published = manga.filter((m) => m.status === Status.Accepted);
  const reading: PlannedReading[] = [];
  for (const reader of readers) {
    const rng = Rng.for("reading", reader.username);
    for (const m of rng.sample(published, 4)) {
      const readable = m.chapters.filter((c) => c.status === Status.Accepted);
      const upTo = rng.int(1, readable.length);
      for (const c of readable.slice(0, upTo)) {
        const current = c.number === upTo;
        reading.push({
          username: reader.username,
          title: m.entry.title,
          chapterNumber: c.number,
          pageNumber: current ? rng.int(1, c.pageCount) : c.pageCount,
          completed: !current,
        });
      }
    }
  }
  return reading;
}

export function buildDemoPlan(): DemoPlan {
  const manga = CATALOGUE.map(planManga);
  const readers = ACCOUNTS.filter((a) => a.role === 0);
  return { manga, favorites: planFavorites(manga), reading: planReading(manga, readers) };
}
