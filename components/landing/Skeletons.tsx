import { MangaCardSkeleton } from "@/components/manga/MangaCardSkeleton";
import { BANNER_HEIGHT } from "./FeaturedBanner";

/**
 * Placeholders shown while the landing and discovery sections stream in (spec §2: "while settings load, a
 * placeholder or skeleton shows"). Each has the size of what replaces it, so nothing jumps.
 */
export function BannerSkeleton() {
  return (
    <div aria-hidden className="px-4 sm:px-6 lg:px-8" data-testid="banner-skeleton">
      <div className={`flex ${BANNER_HEIGHT} animate-pulse flex-col justify-center gap-4 rounded-3xl bg-zinc-200 p-6 sm:p-10 dark:bg-zinc-800`}>
        <div className="h-6 w-24 rounded-full bg-zinc-300 dark:bg-zinc-700" />
        <div className="h-9 w-2/3 max-w-md rounded bg-zinc-300 dark:bg-zinc-700" />
        <div className="h-4 w-1/2 max-w-sm rounded bg-zinc-300 dark:bg-zinc-700" />
        <div className="h-10 w-32 rounded-full bg-zinc-300 dark:bg-zinc-700" />
      </div>
    </div>
  );
}

export function CarouselSkeleton({ title }: { title: string }) {
  return (
    <section aria-label={title} aria-busy className="px-4 sm:px-6 lg:px-8">
      <div className="mb-4 flex h-9 items-end gap-3">
        <span aria-hidden className="h-7 w-1.5 rounded-full bg-brand-600" />
        <h2 className="text-xl font-extrabold sm:text-2xl">{title}</h2>
      </div>
      <div className="carousel-track flex overflow-hidden pb-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="carousel-slide">
            <MangaCardSkeleton />
          </div>
        ))}
      </div>
    </section>
  );
}
