"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, CircleDot, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch, type FieldPath, type UseFormRegister, type UseFormSetError } from "react-hook-form";
import { z } from "zod";
import type { MangaCardData } from "@/components/manga/MangaCard";
import { useApiMutation } from "@/components/providers/api-query";
import { Banner } from "@/components/ui/Banner";
import { Button } from "@/components/ui/Button";
import { SubmitButton, TextAreaField, TextField } from "@/components/ui/fields";
import { notifySuccess } from "@/components/ui/toast";
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

type ServerErrors = { mangaId?: string; banner?: string; form?: string };

/** A failed save's errors where they belong: hero texts under their fields, the manga and banner beside theirs. */
function placeErrors(error: unknown, setError: UseFormSetError<FormValues>, texts: { failed: string; fix: string }): ServerErrors {
  if (!isApiError(error)) return { form: texts.failed };
  const next: ServerErrors = {};
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
  next.form = shown ? texts.fix : error.kind === "HTTP" ? error.message : texts.failed;
  return next;
}

/** The save as multipart (hero texts, the manga's id, the new banner) to the page's save route. */
function useSaveSettings(kind: Kind) {
  return useApiMutation((api, { values, manga, banner }: { values: FormValues; manga: FeaturedManga | null; banner: NewBanner | null }) => {
    const body = new FormData();
    if (kind === "landing") {
      for (const f of HERO_FIELDS) for (const l of SETTINGS_LANGUAGES) body.set(`${f}.${l}`, values[f][l]);
    }
    body.set("mangaId", manga ? String(manga.id) : "");
    if (banner) body.set("banner", banner.blob, "banner.jpg");
    return api<SaveAnswer>(kind === "landing" ? "/api/SiteSettings/SaveLandingPageSettings" : "/api/SiteSettings/SaveDiscoveryPage", { method: "POST", body, timeoutMs: 120_000 });
  });
}

/** The form's schema: the shared hero text rules (landing) and the featured manga. */
function useSettingsSchema(kind: Kind) {
  const te = useTranslations("admin.settings.errors");
  return useMemo(() => {
    const tr = (key: SiteSettingsValidationKey, values?: Record<string, number>) => te(key, values);
    const text = (f: HeroField) => (kind === "landing" ? localizedTextSchema(f, tr) : z.object({ en: z.string(), ar: z.string() }));
    return z.object({ title: text("title"), description: text("description"), cta: text("cta"), mangaId: featuredMangaSchema(tr) });
  }, [te, kind]);
}

/** Asks before leaving the page while there are unsaved changes. */
function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
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
  const locale = useLocale();
  const { form, saved, manga, banner, serverErrors, dirty, chooseManga, chooseBanner, discard, onSubmit } = useSettingsForm(kind, initialSaved);
  const { register, handleSubmit, control, formState } = form;
  const watched = useWatch({ control }) as FormValues;

  const idp = `settings-${kind}`;
  // The saved banner is artwork of the saved featured manga: another manga chosen drops it on save (the server's
  // keptBanner), so the field and the preview show the new manga's cover unless a new banner is chosen.
  const sameManga = (manga?.id ?? null) === (saved.manga?.id ?? null);
  const savedBanner = sameManga ? saved.bannerUrl : null;
  const text = (l: SettingsLanguage): HeroTexts => ({ title: watched.title?.[l] ?? "", description: watched.description?.[l] ?? "", cta: watched.cta?.[l] ?? "" });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-8" data-testid={`${kind}-editor`} aria-labelledby={`${idp}-tab`}>
      {serverErrors.form && <Banner tone="error" testId={`${kind}-form-error`}>{serverErrors.form}</Banner>}

      {kind === "landing" && <HeroFieldset idp={idp} register={register} errors={formState.errors} values={watched} />}

      <div className="grid gap-8 lg:grid-cols-2">
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="text-lg font-bold">{t("featured.heading")}</legend>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("featured.intro")}</p>
          <MangaPicker id={`${idp}-manga`} value={manga} onChange={chooseManga} error={serverErrors.mangaId ?? formState.errors.mangaId?.message} />
        </fieldset>
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="text-lg font-bold">{t("banner.heading")}</legend>
          <BannerField id={`${idp}-banner`} savedUrl={savedBanner} value={banner} onChange={chooseBanner} error={serverErrors.banner} maxBytes={bannerMaxBytes} />
          {!sameManga && saved.bannerUrl && !banner && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid={`${idp}-banner-dropped`}>{t("banner.dropped")}</p>
          )}
        </fieldset>
      </div>

      <SaveBar kind={kind} dirty={dirty} saving={formState.isSubmitting} onDiscard={discard} />

      <SettingsPreview
        kind={kind}
        texts={kind === "landing" ? { en: text("en"), ar: text("ar") } : undefined}
        manga={manga}
        bannerUrl={banner?.url ?? savedBanner}
        previewTexts={previewTexts}
        covers={covers}
        initialLanguage={locale === "ar" ? "ar" : "en"}
      />
    </form>
  );
}

/** Releases an object URL when it is replaced or its owner goes away. */
function useReleasedObjectUrl(url: string | undefined) {
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);
}

/**
 * The editor's state: the form (hero texts, the manga's id), the chosen manga, the unsaved banner, the saved values and
 * the server's errors; Discard returns to the saved values, a save's answer becomes them.
 */
function useSettingsForm(kind: Kind, initialSaved: SavedLanding | SavedDiscovery) {
  const t = useTranslations("admin.settings");
  const [saved, setSaved] = useState(initialSaved);
  const [manga, setManga] = useState<FeaturedManga | null>(initialSaved.manga);
  const [banner, setBanner] = useState<NewBanner | null>(null);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const schema = useSettingsSchema(kind);
  const save = useSaveSettings(kind);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    mode: "onChange",
    defaultValues: valuesOf(initialSaved),
  });
  const { reset, setValue, setError, formState } = form;

  // The unsaved crop's object URL is released when it is replaced or the editor goes away.
  useReleasedObjectUrl(banner?.url);

  const dirty = formState.isDirty || (manga?.id ?? null) !== (saved.manga?.id ?? null) || banner !== null;
  useLeaveWarning(dirty);

  const chooseManga = (m: FeaturedManga | null) => {
    setManga(m);
    setValue("mangaId", m?.id ?? null, { shouldDirty: false });
    setServerErrors((e) => ({ ...e, mangaId: undefined }));
  };

  const chooseBanner = (b: NewBanner | null) => {
    setBanner(b);
    setServerErrors((e) => ({ ...e, banner: undefined }));
  };

  const discard = () => {
    reset(valuesOf(saved));
    setManga(saved.manga);
    setBanner(null);
    setServerErrors({});
  };

  const onSubmit = async (values: FormValues) => {
    setServerErrors({});
    try {
      const answer = await save.mutateAsync({ values, manga, banner });
      const next: SavedLanding | SavedDiscovery =
        kind === "landing"
          ? { texts: answer.translations ?? { en: EMPTY, ar: EMPTY }, manga: answer.manga, bannerUrl: answer.bannerUrl }
          : { manga: answer.manga, bannerUrl: answer.bannerUrl };
      setSaved(next);
      reset(valuesOf(next));
      setManga(answer.manga);
      setBanner(null);
      notifySuccess(kind === "landing" ? t("actions.savedLanding") : t("actions.savedDiscovery"));
    } catch (error) {
      setServerErrors(placeErrors(error, setError, { failed: t("actions.failed"), fix: t("actions.fixErrors") }));
    }
  };

  return { form, saved, manga, banner, serverErrors, dirty, chooseManga, chooseBanner, discard, onSubmit };
}

/** The hero's title, description and button text in English and Arabic, each with its count of characters. */
function HeroFieldset({ idp, register, errors, values }: { idp: string; register: UseFormRegister<FormValues>; errors: ReturnType<typeof useForm<FormValues>>["formState"]["errors"]; values: FormValues }) {
  const t = useTranslations("admin.settings");
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="text-lg font-bold">{t("hero.heading")}</legend>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("hero.intro")}</p>
      <div className="grid gap-6 md:grid-cols-2">
        {SETTINGS_LANGUAGES.map((l) => (
          <fieldset key={l} className="flex min-w-0 flex-col gap-4 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid={`hero-${l}`}>
            <legend className="px-1 text-sm font-bold text-brand-700 dark:text-brand-400">{l === "en" ? t("hero.english") : t("hero.arabic")}</legend>
            {HERO_FIELDS.map((f) => {
              const count = (values[f]?.[l] ?? "").length;
              const hint = (
                <>
                  <span className={count > MAX[f] ? "font-bold text-red-600 dark:text-red-400" : undefined}>{t("hero.count", { count, max: MAX[f] })}</span>
                  {f === "cta" && <span className="block">{t("hero.ctaHint")}</span>}
                </>
              );
              // Each language's texts are typed in its own direction; the labels stay in the page's language.
              const common = { id: `${idp}-${f}-${l}`, label: t(`hero.${f}`), hint, lang: l, dir: l === "ar" ? "rtl" : "ltr", error: errors[f]?.[l]?.message, registration: register(`${f}.${l}` as FieldPath<FormValues>) } as const;
              return f === "description" ? <TextAreaField key={f} className="min-w-0" rows={4} {...common} /> : <TextField key={f} className="min-w-0" autoComplete="off" {...common} />;
            })}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

/** The bar along the bottom: saved or unsaved, Discard and Save. */
function SaveBar({ kind, dirty, saving, onDiscard }: { kind: Kind; dirty: boolean; saving: boolean; onDiscard: () => void }) {
  const t = useTranslations("admin.settings");
  return (
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
        <Button variant="secondary" onClick={onDiscard} disabled={!dirty || saving} icon={<RotateCcw className="size-4" aria-hidden />} data-testid={`${kind}-discard`}>
          {t("actions.discard")}
        </Button>
        <SubmitButton busy={saving} busyLabel={t("actions.saving")} label={t("actions.save")} disabled={!dirty} full={false} testId={`${kind}-save`} />
      </div>
    </div>
  );
}
