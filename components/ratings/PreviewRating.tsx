import { getMessages, getTranslations } from "next-intl/server";
import type { Compiled } from "@/i18n/format";
import { Link } from "@/i18n/navigation";
import { buttonClass } from "@/components/ui/Button";
import { Status } from "@/lib/enums";
import { loginThen } from "@/lib/login-then";
import type { MangaDetail } from "@/server/manga/get-manga";
import { RatingSummary } from "./RatingSummary";

/** The counted mean and count as the preview's server HTML shows them (or "No ratings yet"). */
export async function RatingLine({ manga: m, locale }: { manga: MangaDetail; locale: string }) {
  const t = await getTranslations("rating");
  const label = ((await getMessages()).manga as Record<string, unknown>).rating as Compiled;
  const rating = m.rating ?? { mean: null, count: 0 };
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300" data-testid="rating-summary-text">
      {rating.mean === null ? t("none") : <RatingSummary mean={rating.mean} count={rating.count} locale={locale} label={label} className="text-base" />}
    </p>
  );
}

/**
 * The public preview's ratings (docs/decisions/028): the mean and count, and for a public manga a plain link to the
 * login screen that brings the visitor back to the dashboard's preview, where the control is. No script: the public
 * page's first load stays as it was.
 */
export async function PublicRating({ manga: m, locale }: { manga: MangaDetail; locale: string }) {
  const t = await getTranslations("rating");
  if (m.status !== Status.Accepted) return <RatingLine manga={m} locale={locale} />;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <RatingLine manga={m} locale={locale} />
      <Link href={loginThen(`/dashboard/discovery/manga/${m.id}`)} className={buttonClass({ variant: "secondary", size: "sm", pill: true })} data-testid="rate-sign-in">
        {t("rate")}
      </Link>
    </div>
  );
}
