import { SearchX } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/ui/NotFoundPanel";

/** A submission that does not exist or that this user may not see (root and its author only), answered with a 404. */
export default async function ReviewNotFound() {
  const t = await getTranslations("approval.notFound");
  return <NotFoundPanel icon={SearchX} title={t("title")} text={t("text")} backHref="/dashboard/manga-approval" backLabel={t("back")} />;
}
