import type { ReactNode } from "react";
import type { Translate } from "@/i18n/format";
import { Link } from "@/i18n/navigation";
import { GENRES, type Genre } from "@/lib/enums";
import { MANGA_LANGUAGES } from "@/lib/manga-language";
import { PUBLICATION_STATUSES } from "@/lib/publication-status";
import {
  DEFAULT_DISCOVERY_PARAMS, defaultSort, discoveryPath, discoveryQuery, GENRE_FILTER_MAX, MIN_CHAPTER_CHOICES, UPDATED_WITHIN_DAYS, type DiscoveryParams, type PreviewBase,
} from "@/lib/discovery-params";
import { Button, buttonClass } from "@/components/ui/Button";
import { activeChipClass, fieldLabelClass } from "@/components/ui/control-styles";
import { StaticCheckChip, StaticHiddenFields, StaticSelectField } from "@/components/ui/static-fields";
import { X } from "@/components/icons/ui";
import { FilterForm } from "./FilterForm";

type Texts = { t: Translate; tg: (genre: Genre) => string };

/**
 * The advanced filters (issue 31, item 3): include and exclude genres, language, publication status, free or premium, at least N chapters,
 * updated in the last N days. Server-rendered in the page's first HTML with the URL's choices checked; a GET form
 * (FilterForm), so applying them is opening the filtered URL. `idPrefix` tells apart the wide panel and the phone's sheet.
 */
export function FilterPanel({ params, action, idPrefix, t, tg }: Texts & { params: DiscoveryParams; action: string; idPrefix: string }) {
  const select = (name: string, label: string, value: string, options: ReadonlyArray<readonly [string, string]>) => (
    <StaticSelectField id={`${idPrefix}-${name}`} name={name} label={label} defaultValue={value} options={options} />
  );
  return (
    // Keyed by the filters: after a client navigation to other filters the uncontrolled fields start again from them.
    <FilterForm key={discoveryQuery({ ...params, search: "", sort: DEFAULT_DISCOVERY_PARAMS.sort, page: 1 })} action={action} testId={`${idPrefix}-form`}>
      <GenreChoice name="genre" legend={t("filters.includeGenres")} hint={t("filters.includeHint", { max: GENRE_FILTER_MAX })} checked={params.genres} idPrefix={idPrefix} tg={tg} />
      <GenreChoice name="exclude" legend={t("filters.excludeGenres")} hint={t("filters.excludeHint", { max: GENRE_FILTER_MAX })} checked={params.exclude} idPrefix={idPrefix} tg={tg} />
      {select("lang", t("filters.language"), params.lang ?? "", [["", t("filters.anyLanguage")], ...MANGA_LANGUAGES.map((l) => [l, t(`filters.languages.${l}`)] as const)])}
      {select("status", t("filters.publicationStatus"), params.publicationStatus ?? "", [
        ["", t("filters.anyPublicationStatus")],
        ...PUBLICATION_STATUSES.map((s) => [s, t(`filters.publicationStatuses.${s}`)] as const),
      ])}
      {select("access", t("filters.access"), params.access ?? "", [["", t("filters.anyAccess")], ["free", t("filters.free")], ["premium", t("filters.premium")]])}
      {select("chapters", t("filters.chapters"), params.minChapters ? String(params.minChapters) : "", [
        ["", t("filters.anyChapters")],
        // A number from a shared URL that is not one of the choices is kept as the first choice.
        ...[...new Set([...(params.minChapters ? [params.minChapters] : []), ...MIN_CHAPTER_CHOICES])].sort((a, b) => a - b).map((n) => [String(n), t("filters.minChapters", { count: n })] as const),
      ])}
      {select("updated", t("filters.updated"), params.updatedWithin ? String(params.updatedWithin) : "", [
        ["", t("filters.anyTime")],
        ...UPDATED_WITHIN_DAYS.map((d) => [String(d), t(`filters.updatedDays.${d}`)] as const),
      ])}
      {/* Kept for a plain GET (with JavaScript, FilterForm takes them from the current URL). */}
      <StaticHiddenFields
        values={[...(params.search ? [["search", params.search] as const] : []), ...(params.sort !== defaultSort(params.search) ? [["sort", String(params.sort)] as const] : [])]}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" data-testid={`${idPrefix}-apply`}>
          {t("filters.apply")}
        </Button>
      </div>
    </FilterForm>
  );
}

function GenreChoice({ name, legend, hint, checked, idPrefix, tg }: { name: string; legend: string; hint: string; checked: readonly Genre[]; idPrefix: string; tg: Texts["tg"] }) {
  return (
    <fieldset aria-describedby={`${idPrefix}-${name}-hint`}>
      <legend className={fieldLabelClass}>{legend}</legend>
      <p id={`${idPrefix}-${name}-hint`} className="mb-2.5 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>
      <div className="flex flex-wrap gap-2">
        {GENRES.map((g) => (
          <StaticCheckChip key={g} name={name} value={g} defaultChecked={checked.includes(g)}>
            {tg(g)}
          </StaticCheckChip>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The filters in force as chips, each a link to the same page without it, and "Clear all" (the search and the sort
 * stay). Server-rendered; nothing when no filter is set.
 */
export function ActiveFilters({ params, previewBase, t, tg }: Texts & { params: DiscoveryParams; previewBase: PreviewBase }) {
  const chips: { key: string; label: string; without: Partial<DiscoveryParams> }[] = [
    ...params.genres.map((g) => ({ key: `g-${g}`, label: tg(g), without: { genres: params.genres.filter((x) => x !== g) } })),
    ...params.exclude.map((g) => ({ key: `x-${g}`, label: t("filters.without", { genre: tg(g) }), without: { exclude: params.exclude.filter((x) => x !== g) } })),
    ...(params.lang ? [{ key: "lang", label: t(`filters.languages.${params.lang}`), without: { lang: null } }] : []),
    ...(params.publicationStatus ? [{ key: "status", label: t(`filters.publicationStatuses.${params.publicationStatus}`), without: { publicationStatus: null } }] : []),
    ...(params.access ? [{ key: "access", label: t(`filters.${params.access}`), without: { access: null } }] : []),
    ...(params.minChapters ? [{ key: "chapters", label: t("filters.minChapters", { count: params.minChapters }), without: { minChapters: null } }] : []),
    ...(params.updatedWithin ? [{ key: "updated", label: t(`filters.updatedDays.${params.updatedWithin}`), without: { updatedWithin: null } }] : []),
  ];
  if (chips.length === 0) return null;
  const href = (without: Partial<DiscoveryParams>) => discoveryPath(previewBase, { ...params, ...without, page: 1 });
  const cleared = { genres: [], exclude: [], lang: null, publicationStatus: null, access: null, minChapters: null, updatedWithin: null } satisfies Partial<DiscoveryParams>;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="active-filters">
      <h2 className="sr-only">{t("filters.active")}</h2>
      <ul className="contents">
        {chips.map((c) => (
          <li key={c.key}>
            <ChipLink href={href(c.without)} label={t("filters.remove", { name: c.label })}>
              {c.label}
            </ChipLink>
          </li>
        ))}
      </ul>
      <Link href={href(cleared)} className={buttonClass({ variant: "ghost", size: "sm", pill: true })} data-testid="clear-filters">
        {t("filters.clearAll")}
      </Link>
    </div>
  );
}

function ChipLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <Link href={href} aria-label={label} className={activeChipClass}>
      {children}
      <X className="size-3.5" aria-hidden />
    </Link>
  );
}
