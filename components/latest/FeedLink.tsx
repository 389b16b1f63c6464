import { getTranslations } from "next-intl/server";
import { latestFeedPath } from "@/lib/latest";

/**
 * `<link rel="alternate" type="application/atom+xml">` to the latest updates' feed in the page's language
 * (docs/decisions/025), for feed readers that look for one on any page. Rendered by the public layouts: React puts a
 * `<link>` in the document's head wherever it is rendered, so every public page has it without each page's metadata
 * (whose `alternates` replace the layout's) having to repeat it.
 */
export async function FeedLink({ locale }: { locale: string }) {
  const t = await getTranslations({ locale, namespace: "latest" });
  return <link rel="alternate" type="application/atom+xml" title={t("feed")} href={latestFeedPath(locale)} />;
}
