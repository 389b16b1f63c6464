import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, setRequestLocale } from "next-intl/server";
import { AuthPanel } from "@/components/auth/AuthPanel";
import { QueryProvider } from "@/components/providers/QueryProvider";
import { pickMessages } from "@/lib/i18n-pick";

/** Account screens are for people, not for search engines. */
export const metadata: Metadata = { robots: { index: false, follow: true } };

/**
 * The auth screens sit inside the site layout (header and footer stay) in one centred card: a brand
 * panel beside the form on wide screens, the form alone on phones.
 */
export default async function AuthLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, ["auth", "validation"])}>
      <div className="px-4 py-8 sm:px-6 sm:py-12 lg:py-16">
        <div className="mx-auto grid max-w-5xl overflow-hidden rounded-3xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/5 lg:grid-cols-[0.9fr_1.1fr] dark:border-zinc-800 dark:bg-zinc-950 dark:shadow-black/30">
          <AuthPanel />
          <div className="min-w-0 p-5 py-7 sm:p-10">
            <QueryProvider>{children}</QueryProvider>
          </div>
        </div>
      </div>
    </NextIntlClientProvider>
  );
}
