import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/db/client";
import { chapters, manga } from "@/db/schema";
import { Status } from "@/lib/enums";
import { createChapter, pageRows } from "@/tests/fixtures/chapters";
import { photo } from "@/tests/fixtures/images";
import { ingestChapterImages } from "@/server/chapters/ingest/ingest-images";
import { serveMedia } from "./serve-media";

// The encoder waits for the test's go, so the chapter can be published while a copy is being made.
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open, started: 0 };
});
vi.mock("./background-encoder", async (importOriginal) => {
  const { encodeAvifCopies } = await import("./process-image");
  return {
    ...(await importOriginal<typeof import("./background-encoder")>()),
    encodeCopiesInBackground: async (bytes: Uint8Array, widths: readonly number[]) => {
      gate.started++;
      await gate.opened;
      return encodeAvifCopies(bytes, widths);
    },
  };
});

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

describe("a page's AVIF copy being made when its chapter is published", () => {
  it("is served to the requests waiting for it, as the chapter is now, not as it was when the encode began", async () => {
    const chapterId = await createChapter(db, { published: false });
    await ingestChapterImages({ db, chapterId, files: [await photo({ width: 900, height: 1260, grain: 0 })] });
    const [page] = await pageRows(db, chapterId);
    const ask = () => serveMedia(db, { id: page!.imageId, params: new URLSearchParams("w=720&f=avif"), ifNoneMatch: null, withBody: false });
    // Pending: the copy's first request starts the encode (the page is not public yet).
    const first = ask();
    await vi.waitFor(() => expect(gate.started).toBe(1));
    const [chapter] = await db.select({ mangaId: chapters.mangaId }).from(chapters).where(eq(chapters.id, chapterId));
    await db.update(manga).set({ status: Status.Accepted }).where(eq(manga.id, chapter!.mangaId));
    await db.update(chapters).set({ status: Status.Accepted }).where(eq(chapters.id, chapterId));
    // Published meanwhile; a reader's request joins the encode under way.
    const second = ask();
    gate.open();
    expect(await first).toMatchObject({ kind: "ok", file: { mime: "image/avif" } });
    expect(await second).toMatchObject({ kind: "ok", file: { mime: "image/avif" } });
    expect(gate.started).toBe(1);
  });
});
