import { MangaCardSkeleton } from "@/components/manga/MangaCardSkeleton";

/** What the catalogue looks like while its first page loads: controls, chips and a grid of card skeletons. */
export function CatalogueSkeleton({ cards = 10 }: { cards?: number }) {
  return (
    <div aria-hidden className="px-4 sm:px-6 lg:px-8" data-testid="catalogue-skeleton">
      <div className="mt-6 flex animate-pulse flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="h-11 w-full rounded-full bg-zinc-200 sm:max-w-md dark:bg-zinc-800" />
        <div className="h-10 w-48 rounded-full bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <div className="mt-4 flex animate-pulse gap-2 overflow-hidden pb-1">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-9 w-24 shrink-0 rounded-full bg-zinc-200 dark:bg-zinc-800" />
        ))}
      </div>
      <div className="mt-12 mb-4 h-5 w-64 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      <SkeletonGrid cards={cards} />
    </div>
  );
}

/** The catalogue grid (2 to 5 columns by width) of card skeletons. */
export function SkeletonGrid({ cards = 10 }: { cards?: number }) {
  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {Array.from({ length: cards }, (_, i) => (
        <MangaCardSkeleton key={i} />
      ))}
    </div>
  );
}
