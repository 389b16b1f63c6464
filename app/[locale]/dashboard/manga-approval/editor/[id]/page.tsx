import type { Metadata } from "next";
import { isolate } from "@/lib/bidi";
import { ArrowLeft } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { cache } from "react";
import { Forbidden } from "@/components/dashboard/Forbidden";
import { mayOpen, PAGE_ROLES } from "@/components/dashboard/navigation";
import { gatedPageTitle } from "@/components/dashboard/page-metadata";
import { ChapterList } from "@/components/publishing/ChapterList";
import { ChapterUploader } from "@/components/publishing/ChapterUploader";
import { MangaForm } from "@/components/publishing/MangaForm";
import { StatusChip } from "@/components/publishing/StatusChip";
import { getDb } from "@/db/client";
import { GENRES, Role } from "@/lib/enums";
import { reviewNoteIn } from "@/lib/review-notes";
import { Link } from "@/i18n/navigation";
import { getSessionUser } from "@/server/auth/session";
import { loadManagedManga } from "@/server/publishing/managed";
import { markNotFound } from "@/server/http/request-faults-mark";
import MangaEditorNotFound from "./not-found";
import { mayManage } from "@/server/core/viewer";

type Props = { params: Promise<{ locale: string; id: string }> };

/** The manga if the signed-in user may manage it (its author or root); one read per request. */
const loadEditable = cache(async (id: string) => {
  const user = await getSessionUser();
  if (!user || !mayOpen(user.role, PAGE_ROLES.mangaApproval) || !/^\d{1,10}$/.test(id)) return null;
  const m = await loadManagedManga(await getDb(), Number(id));
  return m && mayManage({ userId: user.id, role: user.role as Role }, m.author.id) ? m : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const title = await gatedPageTitle(params, PAGE_ROLES.mangaApproval, async (locale) => {
    const [m, t] = await Promise.all([loadEditable(id), getTranslations({ locale, namespace: "mangaForm" })]);
    return m ? `${t("editTitle")}: ${m.title}` : t("editTitle");
  });
  return { title };
}

/**
 * /dashboard/manga-approval/editor/[id]: the author or root corrects a manga (the create form, prefilled) and manages
 * its chapters (list, edit, reorder, delete, add with the uploader). Readers get the 403 view; a manga that does not
 * exist or belongs to another writer is a 404.
 */
export default async function MangaEditorPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user || !mayOpen(user.role, PAGE_ROLES.mangaApproval)) return <Forbidden />;
  const m = await loadEditable(id);
  if (!m) {
    markNotFound();
    return <MangaEditorNotFound />;
  }
  const [tm, tg] = await Promise.all([getTranslations("management"), getTranslations("genres")]);
  const card = "rounded-3xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900";
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <div>
        <Link href="/dashboard/manga-management" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          {tm("editor.back")}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h2 id="page-title" className="min-w-0 text-2xl font-extrabold tracking-tight break-words" dir="auto" data-testid="editor-title">{m.title}</h2>
          <StatusChip status={m.status} label={tm(`statuses.${m.status as 0 | 1 | 2}`)} />
        </div>
        {m.author.username && user.id !== m.author.id && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{tm("editor.author", { author: isolate(m.author.username) })}</p>}
        {m.reviewNote && (
          <p className={`mt-3 rounded-xl px-4 py-2.5 text-sm break-words ${m.status === 2 ? "bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300" : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"}`} data-testid="manga-note">
            <span className="font-semibold">{tm("note")}: </span>
            <span dir="auto" className="whitespace-pre-line">{reviewNoteIn(m.reviewNote, locale === "ar" ? "ar" : "en")}</span>
          </p>
        )}
      </div>

      <section aria-labelledby="details-title" className={card}>
        <h3 id="details-title" className="mb-6 text-lg font-bold">{tm("editor.details")}</h3>
        <MangaForm
          genres={GENRES.map((g) => ({ value: g, label: tg(g) }))}
          initial={{
            id: m.id, title: m.title, description: m.description, genres: m.genres, readingDirection: m.readingDirection, language: m.language, publicationStatus: m.publicationStatus, status: m.status,
            coverImageUrl: m.coverImageUrl, bannerImageUrl: m.bannerImageUrl,
          }}
        />
      </section>

      <section id="chapters" aria-labelledby="chapters-title" className={`${card} scroll-mt-24`}>
        <h3 id="chapters-title" className="text-lg font-bold">{tm("editor.chapters")}</h3>
        <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">{tm("editor.chaptersIntro")}</p>
        <ChapterList chapters={m.chapters.map((c) => ({ ...c, reviewNote: c.reviewNote && reviewNoteIn(c.reviewNote, locale === "ar" ? "ar" : "en") }))} />
      </section>

      <section aria-labelledby="add-chapter-title" className={card}>
        <h3 id="add-chapter-title" className="mb-5 text-lg font-bold">{tm("editor.addChapter")}</h3>
        <ChapterUploader mangaId={m.id} />
      </section>
    </div>
  );
}
