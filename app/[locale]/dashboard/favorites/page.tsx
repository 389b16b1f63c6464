import type { Metadata } from "next";
import { Heart } from "@/components/icons/ui";
import { getTranslations } from "next-intl/server";
import { openSignedInPage } from "@/components/dashboard/open-page";
import { getDb } from "@/db/client";
import { Link } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { listFavoriteIds, listFavoriteManga } from "@/server/favorites/list-favorites";
import { FavoritesSeed } from "@/components/manga/FavoritesSeed";
import { FavoritesList } from "@/components/manga/FavoritesList";
import { MangaCard } from "@/components/manga/MangaCard";
import { getCardTexts } from "@/components/manga/card-texts";
import { buttonClass } from "@/components/ui/Button";
import { FollowedWriters } from "@/components/follows/FollowedWriters";
import { listFollowing } from "@/server/follows/list-following";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "favoritesPage" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** The user's favourites as cards, most recently added first (spec §2 /dashboard/favorites). */
export default async function FavoritesPage({ params }: Props) {
  const { user, viewer } = await openSignedInPage(params);
  const db = await getDb();
  const [page, ids, followed] = await Promise.all([listFavoriteManga({ db, viewer }), listFavoriteIds({ db, userId: user.id }), listFollowing({ db, viewer })]);
  const [t, cardTexts] = await Promise.all([getTranslations("favoritesPage"), getCardTexts()]);
  const empty = (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 p-12 text-center dark:border-zinc-700">
      <Heart className="size-10 text-brand-600" aria-hidden />
      <p className="text-lg font-bold">{t("empty")}</p>
      <p className="text-zinc-600 dark:text-zinc-400">{t("emptyHint")}</p>
      <Link href="/dashboard/discovery" className={`mt-2 ${buttonClass()}`}>
        {t("browse")}
      </Link>
    </div>
  );
  return (
    <div className="flex flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8">
      <FavoritesSeed userId={user.id} ids={ids} />
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{t("title")}</h1>
      <FavoritesList
        total={page.totalDisplayRecords}
        empty={empty}
        items={page.items.map((m, i) => ({
          id: m.id,
          card: <MangaCard manga={m} texts={cardTexts} priority={i < 4} previewBase="/dashboard/discovery/manga" favorited />,
        }))}
      />
      <FollowedWriters initial={followed} />
    </div>
  );
}
