import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/ui/Spinner";

export default async function Loading() {
  const t = await getTranslations("discovery");
  return <Spinner label={t("loading")} className="min-h-[50vh]" />;
}
