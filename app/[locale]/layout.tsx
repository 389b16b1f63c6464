import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { directionOf, isLocale, locales } from "@/i18n/routing";
import { env } from "@/server/env";
import { requestNonce } from "@/server/http/request-nonce";
import { STORAGE_KEYS } from "@/lib/site";
import { SessionProviders } from "@/components/providers/SessionProviders";
import "../globals.css";

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "brand" });
  const brand = t("name");
  return {
    metadataBase: new URL(env.siteUrl),
    title: { default: `${t("tagline")} | ${brand}`, template: `%s | ${brand}` },
    // Spec §1: the default description is an Arabic welcome to the manga world, in both languages.
    description: t("defaultDescription"),
    applicationName: brand,
    openGraph: { siteName: brand, type: "website", locale: locale === "ar" ? "ar_AR" : "en_US" },
    twitter: { card: "summary_large_image" },
    icons: { icon: "/icon.svg" },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

/** Applies the remembered theme before first paint so dark mode never flashes light. */
const themeScript = `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)})||"null");if(s&&s.isDark)document.documentElement.classList.add("dark")}catch(e){}`;

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  // The CSP nonce of this request (proxy.ts) for the theme script; reading it renders every page per request.
  const nonce = await requestNonce();
  return (
    <html
      lang={locale}
      dir={directionOf(locale)}
      suppressHydrationWarning
    >
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <SessionProviders>{children}</SessionProviders>
      </body>
    </html>
  );
}
