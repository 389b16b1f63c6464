import { ArrowRight } from "@/components/icons/content";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import type { Genre } from "@/lib/enums";
import { MangaCard, type MangaCardData } from "@/components/manga/MangaCard";
import { getCardTexts } from "@/components/manga/card-texts";
import { CarouselControls } from "./CarouselControls";

/** A server-rendered row of manga for one genre; it scrolls with snap points, in reading direction. */
export async function GenreCarousel({ genre, items, eager = false, title }: { genre: Genre; items: MangaCardData[]; eager?: boolean; title?: string }) {
  const [t, tg, cardTexts] = await Promise.all([getTranslations("landing"), getTranslations("genres"), getCardTexts()]);
  const trackId = `carousel-${genre.toLowerCase()}`;
  return (
    <section aria-labelledby={`${trackId}-title`} className="px-4 sm:px-6 lg:px-8">
      <div className="mb-4 flex items-end justify-between gap-3 sm:gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <span aria-hidden className="h-7 w-1.5 rounded-full bg-brand-600" />
          <h2 id={`${trackId}-title`} className="text-xl font-extrabold sm:text-2xl">
            {title ?? t("genreSection", { genre: tg(genre) })}
          </h2>
        </div>
        <div className="flex items-center gap-3">
          {/* At every width (issue 31, 6d): on a phone it is the way to the whole genre; a 44 px target there. */}
          <Link
            href={{ pathname: "/discovery", query: { genre } }}
            aria-label={t("browseGenre", { genre: tg(genre) })}
            data-testid={`${trackId}-browse`}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline sm:min-h-0 dark:text-brand-400"
          >
            {t("browse")}
            <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
          </Link>
          {items.length > 0 && <CarouselControls trackId={trackId} prevLabel={t("carouselPrev")} nextLabel={t("carouselNext")} />}
        </div>
      </div>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-500 dark:border-zinc-700">{t("empty")}</p>
      ) : (
        <div id={trackId} className="carousel-track scroll-row flex snap-x snap-mandatory overflow-x-auto scroll-smooth pb-2">
          {items.map((m, i) => (
            <div key={m.id} className="carousel-slide snap-start">
              <MangaCard manga={m} texts={cardTexts} priority={eager && i === 0} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
