import { describe, expect, it } from "vitest";
import { chapterFormSchema, chapterUpdateSchema, mangaFormSchema, mangaUpdateSchema, PUBLISHING_VALIDATION_KEYS, type PublishingTranslate } from "./publishing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";

const t: PublishingTranslate = (key) => `!${key}`;
const manga = mangaFormSchema(t);
const chapter = chapterFormSchema(t);
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("mangaFormSchema", () => {
  it("trims the title and keeps a valid manga, filling in no defaults", () => {
    const out = manga.parse({ title: "  One Piece  ", genres: ["Action"] });
    expect(out).toEqual({ title: "One Piece", genres: ["Action"] });
  });

  it("reports every field in the caller's texts", () => {
    const result = manga.safeParse({ title: "   ", description: "x".repeat(5001), genres: [], readingDirection: 3 });
    expect(errorsOf(result)).toEqual({
      title: "!titleRequired",
      description: "!descriptionTooLong",
      genres: "!genresRequired",
      readingDirection: "!readingDirectionInvalid",
    });
    expect(errorsOf(manga.safeParse({ title: "x".repeat(201), genres: ["Action", "Drama", "Comedy", "Horror", "Mecha", "Sports"] }))).toEqual({
      title: "!titleTooLong",
      genres: "!genresTooMany",
    });
    expect(errorsOf(manga.safeParse({ title: "a", genres: ["Cooking"] }))).toEqual({ "genres.0": "!genreInvalid" });
  });

  it("accepts 200 characters, 5,000 characters and 5 genres", () => {
    expect(manga.safeParse({ title: "x".repeat(200), description: "d".repeat(5000), genres: ["Action", "Drama", "Comedy", "Horror", "Mecha"] }).success).toBe(true);
  });

  it("reads multipart shapes: a comma list, a JSON array, names in any case, numbers, a direction as text", () => {
    expect(manga.parse({ title: "a", genres: "action, SCIFI", readingDirection: "2" })).toMatchObject({ genres: ["Action", "SciFi"], readingDirection: 2 });
    expect(manga.parse({ title: "a", genres: '["mecha", 0]' }).genres).toEqual(["Mecha", "Action"]);
    expect(manga.parse({ title: "a", genres: ["16", 4, "Fantasy", "fantasy"] }).genres).toEqual(["Mecha", "Fantasy"]);
  });

  it("reads the publication status in any case; anything else is its field's error", () => {
    expect(manga.parse({ title: "a", genres: ["Action"], publicationStatus: " Completed " }).publicationStatus).toBe("completed");
    expect(errorsOf(manga.safeParse({ title: "a", genres: ["Action"], publicationStatus: "finished" }))).toEqual({ publicationStatus: "!publicationStatusInvalid" });
    expect(errorsOf(manga.safeParse({ title: "a", genres: ["Action"], publicationStatus: 1 }))).toEqual({ publicationStatus: "!publicationStatusInvalid" });
    expect(mangaUpdateSchema(t).parse({ publicationStatus: "HIATUS" })).toEqual({ publicationStatus: "hiatus" });
  });

  it("mangaUpdateSchema: absent fields stay absent", () => {
    expect(mangaUpdateSchema(t).parse({ title: " New " })).toEqual({ title: "New" });
    expect(mangaUpdateSchema(t).parse({ genres: "drama" })).toEqual({ genres: ["Drama"] });
  });
});

describe("chapterFormSchema", () => {
  it("normalises publishAt to UTC; empty clears it, absent leaves it", () => {
    expect(chapter.parse({ title: " Ch 1 ", publishAt: "2030-01-02T03:04:05+02:00" })).toEqual({ title: "Ch 1", publishAt: "2030-01-02T01:04:05.000Z" });
    expect(chapterUpdateSchema(t).parse({ isPremium: "false" })).toEqual({ isPremium: false });
    expect(chapter.parse({ title: "a", isPremium: "true", publishAt: "" })).toEqual({ title: "a", isPremium: true, publishAt: null });
    expect(chapter.parse({ title: "a", isPremium: true })).toEqual({ title: "a", isPremium: true });
  });

  it("refuses a bad title, a bad flag and a date that is not ISO", () => {
    expect(errorsOf(chapter.safeParse({ title: "", isPremium: "maybe", publishAt: "tomorrow" }))).toEqual({
      title: "!chapterTitleRequired",
      isPremium: "!isPremiumInvalid",
      publishAt: "!publishAtInvalid",
    });
    expect(errorsOf(chapter.safeParse({ title: "x".repeat(201) }))).toEqual({ title: "!chapterTitleTooLong" });
  });
});

describe("texts", () => {
  it("every key has an English and an Arabic text", () => {
    for (const messages of [en, ar] as unknown as Array<{ mangaForm: { errors: Record<string, string> } }>) {
      for (const key of PUBLISHING_VALIDATION_KEYS) expect(messages.mangaForm.errors[key], key).toBeTruthy();
    }
  });
});
