import { getTranslations } from "next-intl/server";
import { BookOpen } from "lucide-react";
import { getDb } from "@/db/client";
import { Link } from "@/i18n/navigation";
import { mediaVariantUrl } from "@/lib/media-url";
import { continueReading } from "@/server/chapters/continue-reading";

/**
 * "Continue reading" at the top of the dashboard's discovery page (issue 16 §5): the user's unfinished chapters, one
 * per manga, most recent first (server/chapters/continue-reading.ts, the ContinueReading API's read), each with
 * "page x of y" and a progress bar, linking into the reader, which opens a signed-in reader at their saved page.
 * Server-rendered, no JavaScript; nothing at all when there is nothing to continue. A link's name is its visible text
 * (title, chapter, page x of y: WCAG 2.5.3 label in name).
 */
export async function ContinueReading({ userId }: { userId: number }) {
  const items = await continueReading({ db: await getDb(), userId, limit: 8 });
  if (items.length === 0) return null;
  const t = await getTranslations("premium.continueReading");
  return (
    <section aria-labelledby="continue-reading-title" className="px-4 pt-6 sm:px-6 lg:px-8" data-testid="continue-reading">
      <h2 id="continue-reading-title" className="mb-3 flex items-center gap-2 text-xl font-extrabold">
        <BookOpen className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
        {t("title")}
      </h2>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
        {items.map((item) => {
          const total = Math.max(item.pageCount, item.pageNumber, 1);
          const page = Math.min(Math.max(item.pageNumber, 1), total);
          const percent = Math.round((page / total) * 100);
          return (
            <li key={item.mangaId} className="w-72 shrink-0 snap-start sm:w-80" data-testid="continue-item" data-chapter-id={item.chapterId}>
              <Link
                href={`/manga-reader/${item.mangaId}/${item.chapterId}`}
                className="flex h-full gap-3 rounded-2xl border border-zinc-200 bg-white p-3 shadow-sm transition hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-400"
              >
                {item.coverImageUrl ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a small cover copy; the next/image loader is not used for media
                  <img src={mediaVariantUrl(item.coverImageUrl, 160)} alt="" width={64} height={96} loading="lazy" className="h-24 w-16 shrink-0 rounded-lg object-cover" />
                ) : (
                  <span className="grid h-24 w-16 shrink-0 place-items-center rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-hidden>
                    <BookOpen className="size-6 text-zinc-400" />
                  </span>
                )}
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-bold" dir="auto">{item.mangaTitle}</span>
                  <span className="truncate text-sm text-zinc-600 dark:text-zinc-300" dir="auto">{item.chapterTitle}</span>
                  <span className="mt-auto text-xs font-semibold text-zinc-600 dark:text-zinc-400" data-testid="continue-page">{t("pageOf", { page, total })}</span>
                  <span className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden>
                    <span className="block h-full rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${percent}%` }} />
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
