import type { IconComponent } from "@/components/icons/icon";
import { Link } from "@/i18n/navigation";

/** The "this thing does not exist" view shared by the preview, dashboard preview and reader not-found pages. */
export function NotFoundPanel({
  icon: Icon,
  title,
  text,
  backHref,
  backLabel,
  onDark = false,
}: {
  icon: IconComponent;
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
  /** The reader is always dark, whatever the site theme. */
  onDark?: boolean;
}) {
  return (
    <section className={`mx-auto flex max-w-xl flex-col items-center justify-center px-6 py-16 text-center ${onDark ? "min-h-dvh" : "min-h-[55vh]"}`}>
      <Icon className={`size-14 ${onDark ? "text-brand-500" : "text-brand-600"}`} aria-hidden />
      <h1 className={`mt-5 text-2xl font-extrabold ${onDark ? "text-white" : ""}`}>{title}</h1>
      <p className={`mt-2 ${onDark ? "text-zinc-400" : "text-zinc-600 dark:text-zinc-400"}`}>{text}</p>
      <Link href={backHref} className="mt-6 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {backLabel}
      </Link>
    </section>
  );
}
