/** A card while its data loads (its own module, so client code that only shows skeletons does not load the card). */
export function MangaCardSkeleton() {
  return (
    <div aria-hidden className="animate-pulse" data-testid="manga-card-skeleton">
      <div className="aspect-[2/3] rounded-2xl bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-2 h-4 w-3/4 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-1 h-3 w-1/2 rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
