import { createHash } from "node:crypto";
import { getDb, type Db } from "@/db/client";
import { chapters, manga, mangaGenres, media, users } from "@/db/schema";
import { GENRES, Role, Status, type Genre } from "@/lib/enums";
import { searchTextFor } from "@/lib/search-fold";
import { popularityOf } from "./popularity";

/** A small catalogue for the catalogue tests: every status, several authors, Arabic titles, premium chapters. */
export interface FixtureManga {
  title: string;
  description?: string;
  status: Status;
  author: "writerA" | "writerB" | null;
  views: number;
  favorites: number;
  genres: Genre[];
  createdAt: string;
  updatedAt?: string;
  isPremium?: boolean;
  cover?: boolean;
  chapters?: Array<{ title: string; status: Status; isPremium?: boolean; views?: number }>;
}

export const FIXTURE: FixtureManga[] = [
  {
    title: "Dragon Quest Alpha", description: "A young knight hunts dragons.", status: Status.Accepted, author: "writerA", views: 100, favorites: 5,
    genres: ["Action", "Adventure"], createdAt: "2024-01-01", updatedAt: "2024-06-01", cover: true,
    chapters: [{ title: "Beginning", status: Status.Accepted, views: 60 }, { title: "Wings", status: Status.Accepted, isPremium: true, views: 40 }, { title: "Ash", status: Status.Pending }],
  },
  {
    title: "Blue Ocean", description: "Sailors and storms.", status: Status.Accepted, author: "writerB", views: 500, favorites: 1,
    genres: ["Drama"], createdAt: "2024-02-01", updatedAt: "2024-02-02",
    chapters: [{ title: "Harbor", status: Status.Accepted }, { title: "Deep", status: Status.Pending, isPremium: true }],
  },
  { title: "comedy club", description: "Stand-up nights.", status: Status.Accepted, author: null, views: 50, favorites: 20, genres: ["Comedy"], createdAt: "2024-03-01", updatedAt: "2024-03-05" },
  {
    title: "Pending Saga", description: "Not yet reviewed.", status: Status.Pending, author: "writerA", views: 0, favorites: 0, genres: ["Action"], createdAt: "2024-04-01",
    chapters: [{ title: "Draft", status: Status.Pending }],
  },
  { title: "Rejected Tale", description: "Did not pass.", status: Status.Rejected, author: "writerB", views: 0, favorites: 0, genres: ["Action"], createdAt: "2024-05-01" },
  {
    title: "المُغامَرةُ الكُبرى", description: "رحلة إلى الجبال", status: Status.Accepted, author: "writerB", views: 300, favorites: 3, genres: ["Adventure", "SciFi"], createdAt: "2024-06-01",
    chapters: [{ title: "البداية", status: Status.Accepted }],
  },
  { title: "مكتبة الأحلام", description: "قـــمر فوق المستشفى", status: Status.Accepted, author: "writerA", views: 10, favorites: 0, genres: ["SliceOfLife"], createdAt: "2024-07-01", isPremium: true },
  { title: "أسطورة إبراهيم", description: "100% real_story \\ yes", status: Status.Accepted, author: "writerA", views: 20, favorites: 2, genres: ["Historical"], createdAt: "2024-08-01" },
];

export interface Fixture {
  db: Db;
  users: { reader: number; writerA: number; writerB: number; root: number; staff: number };
  ids: Record<string, number>;
  coverUrl: string;
  coverBytes: Buffer;
}

/** Inserts the fixture catalogue (once per test file: each file has its own database). */
export async function seedFixture(): Promise<Fixture> {
  const db = await getDb();
  const mk = (username: string, role: Role, fullName = username) => ({ username, email: `${username}@example.test`, fullName, role });
  const inserted = await db
    .insert(users)
    .values([mk("reader1", Role.reader), mk("writerA", Role.writer, "Alice Writer"), mk("writerB", Role.writer, "Bob Penman"), mk("root1", Role.root), mk("staff1", Role.staff)])
    .returning({ id: users.id, username: users.username });
  const uid = (name: string) => inserted.find((u) => u.username === name)!.id;
  const coverBytes = Buffer.from("fake-jpeg-bytes-for-tests");
  const coverId = createHash("sha256").update(coverBytes).digest("hex");
  await db.insert(media).values({ id: coverId, mime: "image/jpeg", width: 2, height: 3, size: coverBytes.length, bytes: coverBytes }).onConflictDoNothing();

  const ids: Record<string, number> = {};
  for (const m of FIXTURE) {
    const [row] = await db
      .insert(manga)
      .values({
        title: m.title,
        description: m.description ?? "",
        searchText: searchTextFor(m.title, m.description),
        coverImageId: m.cover ? coverId : null,
        authorId: m.author ? uid(m.author) : null,
        status: m.status,
        isPremium: m.isPremium ?? false,
        views: m.views,
        favorites: m.favorites,
        chapterCount: (m.chapters ?? []).filter((c) => c.status === Status.Accepted).length,
        popularity: popularityOf(m),
        createdAt: new Date(m.createdAt),
        updatedAt: new Date(m.updatedAt ?? m.createdAt),
      })
      .returning({ id: manga.id });
    const id = row!.id;
    ids[m.title] = id;
    await db.insert(mangaGenres).values(m.genres.map((g) => ({ mangaId: id, genre: GENRES.indexOf(g) })));
    if (m.chapters?.length) {
      await db.insert(chapters).values(
        m.chapters.map((c, i) => ({
          mangaId: id, title: c.title, number: i + 1, status: c.status, isPremium: c.isPremium ?? false, views: c.views ?? 0,
          createdAt: new Date(Date.parse(m.createdAt) + i * 86_400_000), updatedAt: new Date(Date.parse(m.createdAt) + (10 - i) * 86_400_000),
        })),
      );
    }
  }
  return {
    db,
    users: { reader: uid("reader1"), writerA: uid("writerA"), writerB: uid("writerB"), root: uid("root1"), staff: uid("staff1") },
    ids,
    coverUrl: `/media/${coverId}`,
    coverBytes,
  };
}

/** Titles of the fixture with a given status, for expectations. */
export const titlesWhere = (pred: (m: FixtureManga) => boolean) => FIXTURE.filter(pred).map((m) => m.title);
