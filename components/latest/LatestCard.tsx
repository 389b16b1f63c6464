import type { ReactNode } from "react";
import { Link } from "@/i18n/navigation";
import { mediaSrcSet, mediaVariantUrl } from "@/lib/media-url";
import { relativeTime } from "@/lib/relative-time";
import type { LatestGroup } from "@/lib/latest";
import { Badge } from "@/components/ui/Badge";
import { PreviewLink } from "@/components/manga/PreviewLink";

export interface LatestCardTexts {
  locale: string;
  chapter: (number: number) => string;
  premium: string;
  /** The time the relative release times are counted from: this render's. */
  now: number;
}

/**
 * One manga of the latest updates (docs/decisions/025): its cover and title (to its preview), and its newest chapters,
 * each a link to the reader with its number, title and release time ("3 hours ago", with the exact time in `<time>`).
 * Renders on the server with no client code of its own; `marker` puts something after a chapter's title (the page's
 * unread marker, a client island). The relative times are as of the render: the page cache renders the page again at
 * least every minute (server/http/page-cache.ts).
 */
export function LatestCard({ group, texts, marker, headingLevel = 3 }: { group: LatestGroup; texts: LatestCardTexts; marker?: (chapterId: number) => ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="flex gap-3 rounded-2xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-latest-manga={group.mangaId}>
      <PreviewLink mangaId={group.mangaId} className="block w-20 shrink-0 self-start overflow-hidden rounded-lg bg-zinc-100 sm:w-24 dark:bg-zinc-800" tabIndex={-1} aria-hidden>
        {group.coverImageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own immutable media URLs, sized by CSS
          <img src={mediaVariantUrl(group.coverImageUrl, 160)} srcSet={mediaSrcSet(group.coverImageUrl, [160, 320])} sizes="96px" alt="" width={96} height={144} loading="lazy" decoding="async" className="aspect-[2/3] w-full object-cover" />
        ) : (
          <span className="flex aspect-[2/3] w-full items-center justify-center p-1 text-center text-[10px] font-semibold text-zinc-600 dark:text-zinc-300">{group.title}</span>
        )}
      </PreviewLink>
      <div className="min-w-0 flex-1">
        {/* The title isolated (<bdi>), not the heading given dir="auto": the heading keeps the page's alignment. */}
        <Heading className="mb-1 line-clamp-2 font-bold leading-snug">
          <PreviewLink mangaId={group.mangaId} className="hover:text-brand-700 hover:underline dark:hover:text-brand-400">
            <bdi>{group.title}</bdi>
          </PreviewLink>
        </Heading>
        <ul className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
          {group.chapters.map((c) => (
            <li key={c.id} className="flex items-start gap-2 py-1.5 text-sm" data-latest-chapter={c.id}>
              <Link href={`/manga-reader/${group.mangaId}/${c.id}`} className="group/ch min-w-0 flex-1 rounded">
                <span className="block font-semibold tabular-nums group-hover/ch:text-brand-700 group-hover/ch:underline dark:group-hover/ch:text-brand-400">{texts.chapter(c.number)}</span>
                {c.title && (
                  // An inline <bdi> in a block: the title keeps its own direction, the line the page's alignment.
                  <span className="block truncate text-zinc-600 dark:text-zinc-400">
                    <bdi>{c.title}</bdi>
                  </span>
                )}
              </Link>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <time dateTime={c.releasedAt} title={new Date(c.releasedAt).toLocaleString(texts.locale, { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" })} className="text-xs text-zinc-500 dark:text-zinc-400">
                  {relativeTime(c.releasedAt, texts.locale, texts.now)}
                </time>
                {(c.premium || marker) && (
                  <span className="flex gap-1 empty:hidden">
                    {c.premium && <Badge tone="amber">{texts.premium}</Badge>}
                    {marker?.(c.id)}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The cards in a grid: one column on phones, two from 768 px, three from 1280 px. */
export function LatestGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">{children}</div>;
}
