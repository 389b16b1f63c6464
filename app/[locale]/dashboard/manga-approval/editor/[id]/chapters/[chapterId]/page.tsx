import type { Metadata } from "next";
import { ArrowLeft } from "lucide-react";
import { eq } from "drizzle-orm";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { cache } from "react";
import { Forbidden } from "@/components/dashboard/Forbidden";
import { mayOpen, PAGE_ROLES } from "@/components/dashboard/navigation";
import { gatedPageTitle } from "@/components/dashboard/page-metadata";
import { PageManager } from "@/components/publishing/PageManager";
import { StatusChip } from "@/components/publishing/StatusChip";
import { getDb } from "@/db/client";
import { chapters } from "@/db/schema";
import { ChapterSource, Role, Status } from "@/lib/enums";
import { Link } from "@/i18n/navigation";
import { getSessionUser } from "@/server/auth/session";
import { getPageRange } from "@/server/chapters/pages";
import { loadManagedManga } from "@/server/publishing/managed";
import { markNotFound } from "@/server/http/request-faults-mark";
import { isRoot, mayManage } from "@/server/core/viewer";
import MangaEditorNotFound from "../../not-found";

type Props = { params: Promise<{ locale: string; id: string; chapterId: string }> };

/** The chapter (with its manga) if the signed-in user may manage it (its author or root); one read per request. */
const loadEditable = cache(async (id: string, chapterId: string) => {
  const user = await getSessionUser();
  if (!user || !mayOpen(user.role, PAGE_ROLES.mangaApproval) || !/^\d{1,10}$/.test(id) || !/^\d{1,10}$/.test(chapterId)) return null;
  const db = await getDb();
  const m = await loadManagedManga(db, Number(id));
  const viewer = { userId: user.id, role: user.role as Role };
  if (!m || !mayManage(viewer, m.author.id)) return null;
  const chapter = m.chapters.find((c) => c.id === Number(chapterId));
  if (!chapter) return null;
  const [row] = await db.select({ sourceType: chapters.sourceType }).from(chapters).where(eq(chapters.id, chapter.id));
  const pages = await getPageRange({ db, chapterId: chapter.id, from: 1, to: chapter.pageCount, viewer: { userId: user.id } });
  return { manga: m, chapter, pdf: row?.sourceType === ChapterSource.Pdf, pages, reviewed: !isRoot(viewer) && !m.author.trusted };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, chapterId } = await params;
  const title = await gatedPageTitle(params, PAGE_ROLES.mangaApproval, async (locale) => {
    const [found, t] = await Promise.all([loadEditable(id, chapterId), getTranslations({ locale, namespace: "management.pages" })]);
    return found ? `${t("title")}: ${found.chapter.title}` : t("title");
  });
  return { title };
}

/**
 * /dashboard/manga-approval/editor/[id]/chapters/[chapterId]: the author or root fixes a chapter's pages in place
 * (issue 31 item 5): replace, insert, remove and reorder them, saved as one UpdateChapter `pageOrder`. A full page
 * rather than a dialog: on a phone a grid of thumbnails needs the whole screen. A PDF chapter is explained, not managed.
 */
export default async function ChapterPagesPage({ params }: Props) {
  const { locale, id, chapterId } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user || !mayOpen(user.role, PAGE_ROLES.mangaApproval)) return <Forbidden />;
  const found = await loadEditable(id, chapterId);
  if (!found) {
    markNotFound();
    return <MangaEditorNotFound />;
  }
  const { manga, chapter, pdf, pages, reviewed } = found;
  const [t, tm] = await Promise.all([getTranslations("management.pages"), getTranslations("management")]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <Link href={`/dashboard/manga-approval/editor/${manga.id}#chapters`} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          {t("back", { title: manga.title })}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h2 id="page-title" className="min-w-0 text-2xl font-extrabold tracking-tight break-words" data-testid="pages-title">
            {t("heading", { number: chapter.number })} <span dir="auto">{chapter.title}</span>
          </h2>
          <StatusChip status={chapter.status} label={tm(`statuses.${chapter.status as 0 | 1 | 2}`)} />
        </div>
      </div>
      <section aria-labelledby="page-title" className="rounded-3xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <PageManager
          key={chapter.updatedAt}
          chapterId={chapter.id}
          pdf={pdf}
          processing={chapter.processing !== 0}
          backToReview={reviewed && chapter.status === Status.Accepted}
          pages={pages.map((p) => ({ pageNumber: p.pageNumber, thumbnail: p.variants[350], width: p.width, height: p.height }))}
        />
      </section>
    </div>
  );
}
