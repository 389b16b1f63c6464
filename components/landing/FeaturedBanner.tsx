import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { PreviewLink } from "@/components/manga/PreviewLink";
import type { FeaturedManga } from "@/server/settings/get-page-settings";
import { FeaturedBannerView, FEATURED_CTA_CLASS } from "./FeaturedBannerView";

export { BANNER_HEIGHT } from "./FeaturedBannerView";

/** Spec §2 featured banner: banner image, title, genre chips, description and a call to action to the preview. */
export async function FeaturedBanner({
  bannerUrl,
  manga,
  signedIn,
  priority = false,
}: {
  bannerUrl: string | null;
  manga: FeaturedManga | null;
  signedIn: boolean;
  /** Above the fold (discovery): load at once, it is the page's largest image. */
  priority?: boolean;
}) {
  if (!manga) return null;
  const t = await getTranslations("landing");
  const tg = await getTranslations("genres");
  return (
    <FeaturedBannerView
      manga={manga}
      bannerUrl={bannerUrl}
      priority={priority}
      labels={{ featured: t("featured"), readNow: t("readNow"), genre: (g) => tg(g) }}
      link={(children) =>
        signedIn ? (
          <Link href={`/dashboard/discovery/manga/${manga.id}`} className={FEATURED_CTA_CLASS}>
            {children}
          </Link>
        ) : (
          // Public pages stay cacheable: the link switches to the dashboard's preview once the session is known.
          <PreviewLink mangaId={manga.id} className={FEATURED_CTA_CLASS}>
            {children}
          </PreviewLink>
        )
      }
    />
  );
}
