"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, CircleDot, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { toast } from "react-toastify";
import { z } from "zod";
import { Banner, ButtonSpinner, FieldError, fieldBorder, inputClass, secondaryButton } from "@/components/auth/fields";
import type { MangaCardData } from "@/components/manga/MangaCard";
import { useApi } from "@/components/providers/use-api";
import { useLocale } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import {
  featuredMangaSchema,
  HERO_FIELDS,
  localizedTextSchema,
  SETTINGS_LANGUAGES,
  SITE_SETTINGS_LIMITS,
  type HeroField,
  type SettingsLanguage,
  type SiteSettingsValidationKey,
} from "@/lib/validation/site-settings";
import { BannerField } from "./BannerField";
import { MangaPicker } from "./MangaPicker";
import { SettingsPreview } from "./SettingsPreview";
import type { FeaturedManga, HeroTexts, NewBanner, PreviewTextsByLanguage, SavedDiscovery, SavedLanding } from "./types";

type Kind = "landing" | "discovery";
const EMPTY: HeroTexts = { title: "", description: "", cta: "" };
const MAX: Record<HeroField, number> = { title: SITE_SETTINGS_LIMITS.titleMax, description: SITE_SETTINGS_LIMITS.descriptionMax, cta: SITE_SETTINGS_LIMITS.ctaMax };

/** The form's values: hero texts per field and language (landing; empty for discovery) and the featured manga. */
interface FormValues {
  title: Record<SettingsLanguage, string>;
  description: Record<SettingsLanguage, string>;
  cta: Record<SettingsLanguage, string>;
  mangaId: number | null;
}

function valuesOf(saved: SavedLanding | SavedDiscovery): FormValues {
  const texts = "texts" in saved ? saved.texts : { en: EMPTY, ar: EMPTY };
  const per = (f: HeroField) => ({ en: texts.en[f], ar: texts.ar[f] });
  return { title: per("title"), description: per("description"), cta: per("cta"), mangaId: saved.manga?.id ?? null };
}

/** What a save answers (GetLandingPageSettings / GetDiscoveryPageSettings shapes, URLs only). */
interface SaveAnswer {
  bannerUrl: string | null;
  manga: FeaturedManga | null;
  translations?: Record<SettingsLanguage, HeroTexts>;
}

/**
 * One page's settings editor (landing: hero texts in English and Arabic, featured manga, banner; discovery: featured
 * manga and banner) beside its live preview. The shared schema checks in the browser; Save sends multipart to the
 * save route and shows its field errors where they belong; Discard returns to the saved values; unsaved changes are
 * marked. After a save the saved values (and the preview) are the server's answer.
 */
export function PageSettingsEditor({
  kind,
  saved: initialSaved,
  previewTexts,
  covers,
  bannerMaxBytes,
}: {
  kind: Kind;
  saved: SavedLanding | SavedDiscovery;
  previewTexts: PreviewTextsByLanguage;
  covers: MangaCardData[];
  bannerMaxBytes: number;
}) {
  const t = useTranslations("admin.settings");
  const te = useTranslations("admin.settings.errors");
  const api = useApi();
  const locale = useLocale();
  const [saved, setSaved] = useState(initialSaved);
  const [manga, setManga] = useState<FeaturedManga | null>(initialSaved.manga);
  const [banner, setBanner] = useState<NewBanner | null>(null);
  const [serverErrors, setServerErrors] = useState<{ mangaId?: string; banner?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  const schema = useMemo(() => {
    const tr = (key: SiteSettingsValidationKey, values?: Record<string, number>) => te(key, values);
    const text = (f: HeroField) => (kind === "landing" ? localizedTextSchema(f, tr) : z.object({ en: z.string(), ar: z.string() }));
    return z.object({ title: text("title"), description: text("description"), cta: text("cta"), mangaId: featuredMangaSchema(tr) });
  }, [te, kind]);

  const { register, handleSubmit, reset, setValue, setError, control, formState } = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    mode: "onChange",
    defaultValues: valuesOf(initialSaved),
  });
  const watched = useWatch({ control }) as FormValues;

  // The unsaved crop's object URL is released when it is replaced or the editor goes away.
  useEffect(() => {
    const url = banner?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [banner?.url]);

  const dirty = formState.isDirty || (manga?.id ?? null) !== (saved.manga?.id ?? null) || banner !== null;

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const chooseManga = (m: FeaturedManga | null) => {
    setManga(m);
    setValue("mangaId", m?.id ?? null, { shouldDirty: false });
    setServerErrors((e) => ({ ...e, mangaId: undefined }));
  };

  const discard = () => {
    reset(valuesOf(saved));
    setManga(saved.manga);
    setBanner(null);
    setServerErrors({});
  };

  const onSubmit = async (values: FormValues) => {
    setServerErrors({});
    setSaving(true);
    const body = new FormData();
    if (kind === "landing") {
      for (const f of HERO_FIELDS) for (const l of SETTINGS_LANGUAGES) body.set(`${f}.${l}`, values[f][l]);
    }
    body.set("mangaId", manga ? String(manga.id) : "");
    if (banner) body.set("banner", banner.blob, "banner.jpg");
    try {
      const answer = await api<SaveAnswer>(kind === "landing" ? "/api/SiteSettings/SaveLandingPageSettings" : "/api/SiteSettings/SaveDiscoveryPage", {
        method: "POST",
        body,
        timeoutMs: 120_000,
      });
      const next: SavedLanding | SavedDiscovery =
        kind === "landing"
          ? { texts: answer.translations ?? { en: EMPTY, ar: EMPTY }, manga: answer.manga, bannerUrl: answer.bannerUrl }
          : { manga: answer.manga, bannerUrl: answer.bannerUrl };
      setSaved(next);
      reset(valuesOf(next));
      setManga(answer.manga);
      setBanner(null);
      toast.success(kind === "landing" ? t("actions.savedLanding") : t("actions.savedDiscovery"));
    } catch (error) {
      if (!isApiError(error)) {
        setServerErrors({ form: t("actions.failed") });
        return;
      }
      const next: typeof serverErrors = {};
      let shown = false;
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        const message = messages[0];
        if (!message) continue;
        const [name, lang] = field.split(".");
        if (name === "mangaId") next.mangaId = message;
        else if (name === "banner") next.banner = message;
        else if (HERO_FIELDS.includes(name as HeroField)) {
          for (const l of lang ? [lang] : SETTINGS_LANGUAGES) setError(`${name}.${l}` as FieldPath<FormValues>, { type: "server", message });
        } else continue;
        shown = true;
      }
      if (!shown) next.form = error.kind === "HTTP" ? error.message : t("actions.failed");
      else next.form = t("actions.fixErrors");
      setServerErrors(next);
    } finally {
      setSaving(false);
    }
  };

  const previewBanner = banner?.url ?? saved.bannerUrl;
  const idp = `settings-${kind}`;
  const errorOf = (f: HeroField, l: SettingsLanguage) => formState.errors[f]?.[l]?.message;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-8" data-testid={`${kind}-editor`} aria-labelledby={`${idp}-tab`}>
      {serverErrors.form && <Banner tone="error" testId={`${kind}-form-error`}>{serverErrors.form}</Banner>}

      {kind === "landing" && (
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="text-lg font-bold">{t("hero.heading")}</legend>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("hero.intro")}</p>
          <div className="grid gap-6 md:grid-cols-2">
            {SETTINGS_LANGUAGES.map((l) => (
              <fieldset key={l} className="flex min-w-0 flex-col gap-4 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid={`hero-${l}`}>
                <legend className="px-1 text-sm font-bold text-brand-700 dark:text-brand-400">{l === "en" ? t("hero.english") : t("hero.arabic")}</legend>
                {HERO_FIELDS.map((f) => {
                  const fid = `${idp}-${f}-${l}`;
                  const error = errorOf(f, l);
                  const count = (watched[f]?.[l] ?? "").length;
                  const describedBy = [`${fid}-count`, f === "cta" ? `${fid}-hint` : null, error ? `${fid}-error` : null].filter(Boolean).join(" ");
                  // Each language's texts are typed in its own direction; the labels stay in the page's language.
                  const common = {
                    id: fid,
                    lang: l,
                    dir: l === "ar" ? "rtl" : "ltr",
                    "aria-invalid": error ? true : undefined,
                    "aria-describedby": describedBy,
                    className: `${inputClass} ${fieldBorder(Boolean(error))}`,
                    ...register(`${f}.${l}` as FieldPath<FormValues>),
                  } as const;
                  return (
                    <div key={f} className="min-w-0">
                      <div className="mb-1.5 flex items-baseline justify-between gap-2">
                        <label htmlFor={fid} className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t(`hero.${f}`)}</label>
                        <span id={`${fid}-count`} className={`text-xs tabular-nums ${count > MAX[f] ? "font-bold text-red-600 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}>
                          {t("hero.count", { count, max: MAX[f] })}
                        </span>
                      </div>
                      {f === "description" ? (
                        <textarea rows={4} {...common} className={`${common.className} h-auto py-2.5 leading-6`} />
                      ) : (
                        <input type="text" autoComplete="off" {...common} />
                      )}
                      {f === "cta" && <p id={`${fid}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t("hero.ctaHint")}</p>}
                      <FieldError id={`${fid}-error`} message={error} />
                    </div>
                  );
                })}
              </fieldset>
            ))}
          </div>
        </fieldset>
      )}

      <div className="grid gap-8 lg:grid-cols-2">
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="text-lg font-bold">{t("featured.heading")}</legend>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("featured.intro")}</p>
          <MangaPicker id={`${idp}-manga`} value={manga} onChange={chooseManga} error={serverErrors.mangaId ?? formState.errors.mangaId?.message} />
        </fieldset>
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="text-lg font-bold">{t("banner.heading")}</legend>
          <BannerField
            id={`${idp}-banner`}
            savedUrl={saved.bannerUrl}
            value={banner}
            onChange={(b) => {
              setBanner(b);
              setServerErrors((e) => ({ ...e, banner: undefined }));
            }}
            error={serverErrors.banner}
            maxBytes={bannerMaxBytes}
          />
        </fieldset>
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-zinc-200 bg-white/95 px-4 py-2.5 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/95">
        <p className="flex items-center gap-2 text-sm font-semibold" role="status" data-testid={`${kind}-dirty`} data-dirty={dirty ? "true" : "false"}>
          {dirty ? (
            <>
              <CircleDot className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
              <span className="text-amber-800 dark:text-amber-300">{t("actions.unsaved")}</span>
            </>
          ) : (
            <>
              <CircleCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
              <span className="text-zinc-700 dark:text-zinc-300">{t("actions.saved")}</span>
            </>
          )}
        </p>
        <div className="flex gap-2">
          <button type="button" className={`${secondaryButton} px-3 sm:px-5`} onClick={discard} disabled={!dirty || saving} data-testid={`${kind}-discard`}>
            <RotateCcw className="size-4" aria-hidden />
            {t("actions.discard")}
          </button>
          <button
            type="submit"
            disabled={!dirty || saving}
            aria-busy={saving || undefined}
            className="inline-flex h-11 min-w-24 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 text-[15px] font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
            data-testid={`${kind}-save`}
          >
            {saving && <ButtonSpinner />}
            {saving ? t("actions.saving") : t("actions.save")}
          </button>
        </div>
      </div>

      <SettingsPreview
        kind={kind}
        texts={kind === "landing" ? { en: { title: watched.title?.en ?? "", description: watched.description?.en ?? "", cta: watched.cta?.en ?? "" }, ar: { title: watched.title?.ar ?? "", description: watched.description?.ar ?? "", cta: watched.cta?.ar ?? "" } } : undefined}
        manga={manga}
        bannerUrl={previewBanner}
        previewTexts={previewTexts}
        covers={covers}
        initialLanguage={locale === "ar" ? "ar" : "en"}
      />
    </form>
  );
}
