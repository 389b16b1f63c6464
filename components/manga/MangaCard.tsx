import { ImageOff } from "@/components/icons/content";
import type { ComponentProps } from "react";
import { translator, type MessageTree } from "@/i18n/format";
import { Link } from "@/i18n/navigation";
import { CAROUSEL_COVER_SIZES, mediaSrcSet, mediaVariantUrl } from "@/lib/media-url";
import type { Genre } from "@/db/schema/enums";
import { FavoriteButton } from "./FavoriteButton";
import { PreviewLink } from "./PreviewLink";

export interface MangaCardData {
  id: number;
  title: string;
  coverImageUrl: string | null;
  favorites: number;
  genres: readonly Genre[];
  user: { username: string | null };
}

/** Cover copies a card chooses from: a phone card is ~330 px at 1-2× density, a desktop card ~350 px at 1-2×. */
const COVER_WIDTHS = [320, 480, 720] as const;

/**
 * The texts a card shows, picked on the server (`getCardTexts`, server/i18n/card-texts.ts) and passed as a prop:
 * cards render on the server and in the browser alike, and the browser has no next-intl runtime (ADR 010).
 */
export interface CardTexts {
  locale: string;
  /** manga.by, manga.favorites, manga.unknownAuthor, manga.failed (compiled messages). */
  manga: MessageTree;
  genres: MessageTree;
}

/** Where a card leads: the public preview, or the dashboard's for signed-in pages. */
export type PreviewBase = "/discovery/manga" | "/dashboard/discovery/manga";

/**
 * Spec §2 manga card: cover and favourite heart; on hover (or keyboard focus) the title, "by {author}",
 * "{n} favorites" and genre chips. The title and author also stay under the cover for touch screens.
 * Renders on the server (landing carousels) and in the browser (client-side discovery pages) alike.
 */
export function MangaCard({ manga, texts, priority = false, previewBase = "/discovery/manga", sizes = CAROUSEL_COVER_SIZES }: {
  manga: MangaCardData;
  texts: CardTexts;
  priority?: boolean;
  previewBase?: PreviewBase;
  /** The cover's `sizes` (carousel by default; the discovery grid passes its own). */
  sizes?: string;
}) {
  const t = translator(texts.locale, texts.manga);
  const tg = translator(texts.locale, texts.genres);
  const author = manga.user.username ?? t("unknownAuthor");
  const href = `${previewBase}/${manga.id}`;
  // Public pages link to the public preview and switch to the dashboard's once the session is known.
  const CardLink = previewBase === "/discovery/manga" ? PublicLink : DashboardLink;
  return (
    <article className="group relative" data-manga-id={manga.id}>
      {/* One link for the cover and the title (one client island per card, one tab stop); the heart sits outside it. */}
      <CardLink href={href} mangaId={manga.id} className="manga-card-link">
        <div className="manga-card-cover">
          {manga.coverImageUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- our own immutable media URLs, sized by CSS
            <img
              src={mediaVariantUrl(manga.coverImageUrl, 480)}
              srcSet={mediaSrcSet(manga.coverImageUrl, COVER_WIDTHS)}
              sizes={sizes}
              alt={manga.title}
              width={600}
              height={900}
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : "auto"}
              // The page's first cover is decoded with the first paint rather than in a later frame (its LCP).
              decoding={priority ? "sync" : "async"}
              className="manga-card-image"
            />
          ) : (
            <div className="manga-card-no-image">{manga.title}</div>
          )}
          <div className="manga-card-overlay">
            <p dir="auto" className="line-clamp-2 font-bold leading-snug">{manga.title}</p>
            <p className="mt-1 text-xs text-zinc-300">{t("by", { author })}</p>
            <p className="mt-1 text-xs text-zinc-300">{t("favorites", { count: manga.favorites })}</p>
            {manga.genres.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-1">
                {manga.genres.slice(0, 3).map((g) => (
                  <li key={g} className="manga-card-chip">
                    {tg(g)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <h3 dir="auto" className="manga-card-title">
          {manga.title}
        </h3>
        <p className="manga-card-author">{author}</p>
      </CardLink>
      <FavoriteButton mangaId={manga.id} className="absolute end-2 top-2" />
    </article>
  );
}

type CardLinkProps = Omit<ComponentProps<typeof Link>, "href"> & { href: string; mangaId: number };
function PublicLink({ href: _href, ...props }: CardLinkProps) {
  return <PreviewLink {...props} />;
}
function DashboardLink({ mangaId: _id, ...props }: CardLinkProps) {
  return <Link {...props} />;
}

/** A card whose data could not be loaded (spec §2: "Failed to load manga"), the same size as a card. */
export function MangaCardError({ texts }: { texts: CardTexts }) {
  const t = translator(texts.locale, texts.manga);
  return (
    <div role="alert">
      <div className="grid aspect-[2/3] place-items-center rounded-2xl border border-dashed border-zinc-300 p-4 text-center text-sm text-zinc-500 dark:border-zinc-700">
        <span className="flex flex-col items-center gap-2">
          <ImageOff className="size-6" aria-hidden />
          {t("failed")}
        </span>
      </div>
      <div className="mt-2 h-4" />
      <div className="mt-1 h-3" />
    </div>
  );
}
