import type { Metadata } from "next";
import { ArrowLeft, ArrowRight, Pencil } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { cache } from "react";
import { ChapterList, MangaSummary, PagesPanel, orderForReview } from "@/components/publishing/review/ReviewDetails";
import { ReviewDesk, type ReviewSubject } from "@/components/publishing/review/ReviewDesk";
import { ShortcutHelp } from "@/components/publishing/review/ShortcutHelp";
import { isolate } from "@/lib/bidi";
import { mayOpen, PAGE_ROLES } from "@/components/dashboard/navigation";
import { getDb } from "@/db/client";
import { Role } from "@/lib/enums";
import { Link, redirect } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { getSessionUser } from "@/server/auth/session";
import { getPageRange } from "@/server/chapters/pages";
import { loadManagedManga } from "@/server/publishing/managed";
import { nextPendingMangaId } from "@/server/publishing/review-queue";
import { markNotFound } from "@/server/http/request-faults-mark";
import ReviewNotFound from "./not-found";
import { mayManage } from "@/server/core/viewer";
import { buttonClass } from "@/components/ui/Button";

type Props = { params: Promise<{ locale: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The manga under review, for root or its author (anyone else: null, a 404); one read per request. */
const loadForReview = cache(async (id: string) => {
  const user = await getSessionUser();
  if (!user || !mayOpen(user.role, PAGE_ROLES.mangaApproval) || !/^\d{1,9}$/.test(id)) return null;
  const m = await loadManagedManga(await getDb(), Number(id));
  return m && mayManage({ userId: user.id, role: user.role as Role }, m.author.id) ? { manga: m, user } : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, id } = await params;
  const locale = isLocale(raw) ? raw : "en";
  const found = await loadForReview(id);
  const t = await getTranslations({ locale });
  return { title: found ? t("approval.metaDetail", { title: found.manga.title }) : t("approval.notFound.title") };
}

/**
 * /dashboard/manga-approval/[id] (spec §2, §4): one submission for root to decide on — cover, details, author, each
 * chapter (pending first) with the selected one's pages — or for its author to view read-only. `?chapter=` picks the
 * chapter shown in the page viewer (default: the first pending one).
 */
export default async function MangaReviewPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!(await getSessionUser())) return redirect({ href: "/auth", locale });
  const found = await loadForReview(id);
  if (!found) {
    markNotFound();
    return <ReviewNotFound />;
  }
  const { manga: m, user } = found;
  const isRoot = user.role === Role.root;
  const db = await getDb();

  const chapters = orderForReview(m.chapters);
  const sp = await searchParams;
  const wanted = Number(Array.isArray(sp.chapter) ? sp.chapter[0] : sp.chapter);
  const selected = chapters.find((c) => c.id === wanted) ?? chapters.find((c) => c.status === 0) ?? chapters[0] ?? null;
  const [pages, nextId, t] = await Promise.all([
    selected && selected.processing === 0 && selected.pageCount > 0 ? getPageRange({ db, chapterId: selected.id, from: 1, to: selected.pageCount, viewer: { userId: user.id } }) : [],
    isRoot ? nextPendingMangaId({ db, actor: { userId: user.id, role: user.role as Role }, currentId: m.id }) : null,
    getTranslations("approval"),
  ]);

  const subjects: ReviewSubject[] = [
    { kind: "manga", id: m.id, label: isolate(m.title), title: m.title, status: m.status, processing: 0 },
    ...chapters.map((c): ReviewSubject => ({
      kind: "chapter", id: c.id, number: c.number, title: c.title, status: c.status, processing: c.processing,
      label: t("detail.chapterTitle", { number: c.number, title: isolate(c.title) }),
    })),
  ];
  const selectedSubject = selected ? subjects.find((s) => s.kind === "chapter" && s.id === selected.id) ?? null : null;
  return (
    <ReviewDesk isRoot={isRoot} subjects={subjects} selectedChapterId={selected?.id ?? null} nextId={nextId} mangaId={m.id}>
      <div className="mx-auto flex max-w-7xl flex-col gap-5" data-testid="review-page" data-manga-id={m.id}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link href="/dashboard/manga-approval" className={`${buttonClass({ variant: "ghost", size: "sm" })} -ms-3`}>
            <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
            {isRoot ? t("detail.back") : t("detail.backWriter")}
          </Link>
          {isRoot &&
            (nextId !== null ? (
              <Link href={`/dashboard/manga-approval/${nextId}`} className={buttonClass({ variant: "secondary", size: "sm" })} aria-keyshortcuts="N" data-testid="next-item">
                {t("detail.next")}
                <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
              </Link>
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="no-next-item">{t("detail.noNext")}</p>
            ))}
        </div>

        <ShortcutHelp pages={pages.length > 0} />

        {!isRoot && (
          <div className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-zinc-800 sm:flex-row sm:items-center sm:justify-between dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-zinc-100" data-testid="read-only-note">
            <p>{t("detail.readOnly")}</p>
            <Link href={`/dashboard/manga-approval/editor/${m.id}`} className={`${buttonClass({ size: "sm" })} shrink-0`}>
              <Pencil className="size-4" aria-hidden />
              {t("detail.editInEditor")}
            </Link>
          </div>
        )}

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <MangaSummary manga={m} subject={subjects[0]!} canTrust={isRoot && m.author.role === 1} />
          <div className="flex min-w-0 flex-col gap-6">
            <ChapterList mangaId={m.id} chapters={chapters} selectedId={selected?.id ?? null} />
            {selected && selectedSubject && (
              <PagesPanel
                chapter={selected}
                subject={selectedSubject}
                pages={pages.map((p) => ({ pageNumber: p.pageNumber, imageUrl: p.imageUrl, thumbUrl: p.variants[350], width: p.width, height: p.height }))}
              />
            )}
          </div>
        </div>
      </div>
    </ReviewDesk>
  );
}
