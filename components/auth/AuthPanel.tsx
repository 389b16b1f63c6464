import { Check } from "lucide-react";
import { getTranslations } from "next-intl/server";

/** The decorative side of the auth card (desktop): brand colours, a small manga-page illustration, three promises. */
export async function AuthPanel() {
  const t = await getTranslations("auth.panel");
  return (
    <div className="relative hidden overflow-hidden bg-gradient-to-br from-brand-600 via-brand-600 to-brand-700 p-10 text-white lg:flex lg:flex-col lg:justify-between">
      <svg viewBox="0 0 400 400" className="pointer-events-none absolute -end-24 -top-24 size-[26rem] opacity-15" aria-hidden="true">
        <defs>
          <pattern id="auth-dots" width="14" height="14" patternUnits="userSpaceOnUse">
            <circle cx="3" cy="3" r="2.2" fill="#fff" />
          </pattern>
        </defs>
        <circle cx="200" cy="200" r="200" fill="url(#auth-dots)" />
      </svg>
      <div className="relative">
        <svg viewBox="0 0 240 170" className="w-full max-w-[19rem] drop-shadow-2xl" aria-hidden="true">
          <g transform="rotate(-6 120 85)">
            <rect x="20" y="14" width="120" height="150" rx="10" fill="#fff" />
            <rect x="30" y="24" width="100" height="50" rx="4" fill="#18181b" />
            <path d="M40 66l22-26 16 16 12-9 30 19z" fill="#3f3f46" />
            <circle cx="112" cy="38" r="7" fill="#fafafa" />
            <rect x="30" y="80" width="46" height="74" rx="4" fill="#e4e4e7" />
            <rect x="82" y="80" width="48" height="34" rx="4" className="fill-brand-100" />
            <rect x="82" y="120" width="48" height="34" rx="4" fill="#27272a" />
            <path d="M38 96h30M38 106h22M38 116h26" stroke="#71717a" strokeWidth="4" strokeLinecap="round" />
          </g>
          <g transform="rotate(7 170 90)">
            <rect x="110" y="22" width="112" height="140" rx="10" fill="#fff" />
            <rect x="120" y="32" width="92" height="60" rx="4" className="fill-brand-400" />
            <circle cx="166" cy="62" r="18" fill="#fff" opacity=".9" />
            <path d="M158 60a3 3 0 1 0 0 .1M174 60a3 3 0 1 0 0 .1" stroke="#18181b" strokeWidth="5" strokeLinecap="round" />
            <path d="M159 70q7 6 14 0" stroke="#18181b" strokeWidth="3" fill="none" strokeLinecap="round" />
            <path d="M124 104h42a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6h-24l-8 8v-8h-10a6 6 0 0 1-6-6v-14a6 6 0 0 1 6-6z" fill="#18181b" />
            <path d="M130 114h30M130 121h20" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
            <rect x="178" y="104" width="34" height="48" rx="4" fill="#e4e4e7" />
          </g>
        </svg>
      </div>
      <div className="relative mt-10">
        <h2 className="text-3xl font-extrabold leading-tight tracking-tight">{t("title")}</h2>
        <p className="mt-3 text-white/85">{t("text")}</p>
        <ul className="mt-6 space-y-3">
          {(["point1", "point2", "point3"] as const).map((key) => (
            <li key={key} className="flex items-center gap-3 text-sm font-medium">
              <span className="grid size-6 shrink-0 place-items-center rounded-full bg-white/20">
                <Check className="size-3.5" aria-hidden />
              </span>
              {t(key)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
