import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "@/db/client";
import { chapterPages, chapters, manga, subscriptions, users } from "@/db/schema";
import { PremiumPlan, Role, Status } from "@/lib/enums";
import { MediaKind } from "@/server/media/kind";
import { storeMediaMany } from "@/server/media/store-media";

/**
 * A small world for the reader API tests: accounts of every kind, a published manga with public, premium,
 * pending and rejected chapters, and a manga still under review. Page images are tiny generated JPEGs.
 */
export interface ReaderWorld {
  users: Record<"root" | "author" | "otherWriter" | "reader" | "premium" | "expired" | "cancelled" | "staff" | "admin", { id: number; role: Role }>;
  manga: { published: number; underReview: number };
  chapters: { public: number; premium: number; pending: number; rejected: number; ofUnreviewed: number; second: number };
  pageIds: string[];
}

async function jpeg(width: number, height: number, shade: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 255 - shade, b: 90 } } }).jpeg({ quality: 80 }).toBuffer();
}

async function pagesFor(db: Db, chapterId: number, count: number, seed: number): Promise<string[]> {
  const reading: string[] = [];
  for (let i = 0; i < count; i++) {
    const shade = (seed * 37 + i * 23) % 256;
    const images = await Promise.all([jpeg(200, 300, shade), jpeg(35, 52, shade), jpeg(50, 75, shade), jpeg(70, 105, shade)]);
    const ids = await storeMediaMany(
      db,
      images.map((bytes, j) => ({ bytes, mime: "image/jpeg", width: [200, 35, 50, 70][j] ?? 200, height: [300, 52, 75, 105][j] ?? 300, kind: MediaKind.Page })),
    );
    const [imageId, image350Id, image500Id, image700Id] = ids as [string, string, string, string];
    await db.insert(chapterPages).values({ chapterId, pageNumber: i + 1, imageId, image350Id, image500Id, image700Id, width: 200, height: 300 });
    reading.push(imageId);
  }
  await db.update(chapters).set({ pageCount: count }).where(eq(chapters.id, chapterId));
  return reading;
}

let counter = 0;

export async function buildReaderWorld(db: Db): Promise<ReaderWorld> {
  const tag = `${Date.now().toString(36)}${counter++}`;
  const accounts = [
    ["root", Role.root], ["author", Role.writer], ["otherWriter", Role.writer], ["reader", Role.reader],
    ["premium", Role.reader], ["expired", Role.reader], ["cancelled", Role.reader], ["staff", Role.staff], ["admin", Role.admin],
  ] as const;
  const inserted = await db
    .insert(users)
    .values(accounts.map(([name, role]) => ({ username: `${name}_${tag}`, email: `${name}_${tag}@example.com`, fullName: name, role })))
    .returning({ id: users.id, username: users.username, role: users.role });
  const byName = Object.fromEntries(accounts.map(([name, role], i) => [name, { id: inserted[i]?.id ?? 0, role }])) as ReaderWorld["users"];

  const day = 86_400_000;
  const now = Date.now();
  await db.insert(subscriptions).values([
    { userId: byName.premium.id, plan: PremiumPlan.Premium, durationDays: 30, startsAt: new Date(now - 5 * day), endsAt: new Date(now + 25 * day) },
    { userId: byName.expired.id, plan: PremiumPlan.Premium, durationDays: 30, startsAt: new Date(now - 40 * day), endsAt: new Date(now - 10 * day) },
    { userId: byName.cancelled.id, plan: PremiumPlan.PremiumPlus, durationDays: 30, startsAt: new Date(now - 5 * day), endsAt: new Date(now + 25 * day), cancelledAt: new Date(now - day) },
  ]);

  const [published, underReview] = await db
    .insert(manga)
    .values([
      { title: `Published ${tag}`, description: "A published manga", authorId: byName.author.id, status: Status.Accepted, views: 100, favorites: 3, popularity: 130, searchText: `published ${tag}` },
      { title: `Unreviewed ${tag}`, description: "Still under review", authorId: byName.author.id, status: Status.Pending, searchText: `unreviewed ${tag}` },
    ])
    .returning({ id: manga.id });
  if (!published || !underReview) throw new Error("manga insert failed");

  const chapterRows = await db
    .insert(chapters)
    .values([
      { mangaId: published.id, title: "Opening", number: 1, status: Status.Accepted, views: 10 },
      { mangaId: published.id, title: "Second", number: 2, status: Status.Accepted },
      { mangaId: published.id, title: "Members only", number: 3, status: Status.Accepted, isPremium: true },
      { mangaId: published.id, title: "Waiting", number: 4, status: Status.Pending },
      { mangaId: published.id, title: "Turned down", number: 5, status: Status.Rejected, reviewNote: "Pages missing" },
      { mangaId: underReview.id, title: "Hidden start", number: 1, status: Status.Accepted },
    ])
    .returning({ id: chapters.id });
  const [c1, c2, c3, c4, c5, c6] = chapterRows.map((r) => r.id) as [number, number, number, number, number, number];
  const pageIds = await pagesFor(db, c1, 3, 1);
  await pagesFor(db, c2, 2, 2);
  await pagesFor(db, c3, 2, 3);
  await pagesFor(db, c4, 1, 4);
  await pagesFor(db, c5, 1, 5);
  await pagesFor(db, c6, 1, 6);
  return {
    users: byName,
    manga: { published: published.id, underReview: underReview.id },
    chapters: { public: c1, second: c2, premium: c3, pending: c4, rejected: c5, ofUnreviewed: c6 },
    pageIds,
  };
}
