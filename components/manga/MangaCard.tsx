import type { ComponentProps } from "react";
import { isolate } from "@/lib/bidi";
import { formatMessage, translator, type Compiled, type MessageTree } from "@/i18n/format";
import { Link } from "@/i18n/navigation";
import { CAROUSEL_COVER_SIZES, COVER_AVIF_WIDTHS, mediaSrcSet, mediaVariantUrl } from "@/lib/media-url";
import { AvifPicture } from "@/components/ui/AvifPicture";
import type { Genre } from "@/lib/enums";
import type { PreviewBase } from "@/lib/discovery-params";
import { FavoriteButton } from "./FavoriteButton";
import { HeartView } from "./HeartView";
import { FavoriteCount } from "./FavoriteCount";
import { PreviewLink } from "./PreviewLink";
import { RatingSummary } from "@/components/ratings/RatingSummary";

export interface MangaCardData {
  id: number;
  title: string;
  coverImageUrl: string | null;
  favorites: number;
  genres: readonly Genre[];
  user: { username: string | null };
  /** Counted ratings (docs/decisions/028); absent in an entry cached before ratings existed. */
  rating?: { mean: number | null; count: number };
}

/**
 * The texts a card shows, picked on the server (`getCardTexts`, server/i18n/card-texts.ts) and passed as a prop:
 * cards render on the server and in the browser alike, and the browser has no next-intl runtime (ADR 010).
 */
export interface CardTexts {
  locale: string;
  /** manga.by, manga.favorites, manga.unknownAuthor, manga.addFavorite, manga.removeFavorite, manga.rating (compiled messages). */
  manga: MessageTree;
  genres: MessageTree;
}

export type { PreviewBase };

/**
 * Spec §2 manga card: cover and favourite heart; on hover (or keyboard focus) the title, "by {author}",
 * "{n} favorites" and genre chips. The title and author also stay under the cover for touch screens.
 * Renders on the server (landing carousels) and in the browser (client-side discovery pages) alike.
 */
export function MangaCard({ manga, texts, priority = false, previewBase = "/discovery/manga", sizes = CAROUSEL_COVER_SIZES, favorited = false }: {
  manga: MangaCardData;
  texts: CardTexts;
  priority?: boolean;
  previewBase?: PreviewBase;
  /** The cover's `sizes` (carousel by default; the discovery grid passes its own). */
  sizes?: string;
  /** Known favourite of the signed-in reader (the favourites page): the heart is drawn pressed before the session loads. */
  favorited?: boolean;
}) {
  const t = translator(texts.locale, texts.manga);
  const tg = translator(texts.locale, texts.genres);
  const author = manga.user.username ?? t("unknownAuthor");
  const href = `${previewBase}/${manga.id}`;
  // Public pages link to the public preview and switch to the dashboard's once the session is known.
  const CardLink = previewBase === "/discovery/manga" ? PublicLink : DashboardLink;
  return (
    // Not an <article>: a card is one item of a row or grid, and React may stream its heading apart from it (ADR 021).
    <div className="group relative" data-manga-id={manga.id}>
      {/* One link for the cover and the title (one client island per card, one tab stop); the heart sits outside it. */}
      <CardLink href={href} mangaId={manga.id} className="manga-card-link">
        <div className="manga-card-cover">
          {manga.coverImageUrl ? (
            <AvifPicture srcSet={mediaSrcSet(manga.coverImageUrl, COVER_AVIF_WIDTHS, "avif")} sizes={sizes}>
              {/* eslint-disable-next-line @next/next/no-img-element -- our own immutable media URLs, sized by CSS */}
              <img
                src={mediaVariantUrl(manga.coverImageUrl, 480)}
                srcSet={mediaSrcSet(manga.coverImageUrl, COVER_AVIF_WIDTHS)}
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
            </AvifPicture>
          ) : (
            <div className="manga-card-no-image">{manga.title}</div>
          )}
          <div className="manga-card-overlay">
            <p dir="auto" className="line-clamp-2 font-bold leading-snug">{manga.title}</p>
            <p className="mt-1 text-xs text-zinc-300">{t("by", { author: isolate(author) })}</p>
            <p className="mt-1 text-xs text-zinc-300">
              <FavoriteCount mangaId={manga.id} count={manga.favorites} text={formatMessage(texts.locale, texts.manga.favorites as Compiled, { count: manga.favorites }, manga.favorites)} locale={texts.locale} message={texts.manga.favorites as Compiled} />
            </p>
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
        <p dir="auto" className="manga-card-author">
          {author}
        </p>
        {manga.rating && manga.rating.count > 0 && texts.manga.rating !== undefined && (
          <p className="manga-card-rating">
            <RatingSummary mean={manga.rating.mean} count={manga.rating.count} locale={texts.locale} label={texts.manga.rating as Compiled} />
          </p>
        )}
      </CardLink>
      <FavoriteButton mangaId={manga.id} className={heartPlace}>
        <HeartView active={favorited} label={t(favorited ? "removeFavorite" : "addFavorite")} variant="icon" className={heartPlace} />
      </FavoriteButton>
    </div>
  );
}

const heartPlace = "absolute end-2 top-2";

type CardLinkProps = Omit<ComponentProps<typeof Link>, "href"> & { href: string; mangaId: number };
function PublicLink({ href: _href, ...props }: CardLinkProps) {
  return <PreviewLink {...props} />;
}
function DashboardLink({ mangaId: _id, ...props }: CardLinkProps) {
  return <Link {...props} />;
}
