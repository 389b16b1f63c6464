import { getTranslations } from "next-intl/server";
import { ArrowRight } from "@/components/icons/content";
import { Link } from "@/i18n/navigation";
import type { LatestGroup } from "@/lib/latest";
import { textLinkClass } from "@/components/ui/Button";
import { LatestCard, LatestGrid } from "./LatestCard";
import { getLatestCardTexts } from "./latest-texts";
import { UnreadMarker, UnreadProvider } from "./UnreadMarkers";

/**
 * The landing's "Latest updates" section (docs/decisions/025): the first manga of /latest, server-rendered, and a link
 * to the whole list. As on /latest, a signed-in reader's unread chapters are marked "New" once the browser has asked
 * which of them they opened (./UnreadMarkers.tsx: visitors send nothing, and the cached page stays the same for all).
 */
export async function LatestSection({ items }: { items: LatestGroup[] }) {
  const [t, texts] = await Promise.all([getTranslations("latest"), getLatestCardTexts()]);
  return (
    <section aria-labelledby="latest-updates-title" className="px-4 sm:px-6 lg:px-8" data-testid="latest-section">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="flex items-center gap-3">
          <span aria-hidden className="h-7 w-1.5 rounded-full bg-brand-600" />
          <h2 id="latest-updates-title" className="text-xl font-extrabold sm:text-2xl">
            {t("sectionTitle")}
          </h2>
        </div>
        <Link href="/latest" className={`inline-flex items-center gap-1 text-sm ${textLinkClass}`}>
          {t("viewAll")}
          <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-500 dark:border-zinc-700">{t("empty")}</p>
      ) : (
        <UnreadProvider chapterIds={items.flatMap((g) => g.chapters.map((c) => c.id))}>
          <LatestGrid>
            {items.map((group) => (
              <LatestCard key={group.mangaId} group={group} texts={texts} marker={(id) => <UnreadMarker chapterId={id} text={t("unread")} label={t("unreadLabel")} />} />
            ))}
          </LatestGrid>
        </UnreadProvider>
      )}
    </section>
  );
}
