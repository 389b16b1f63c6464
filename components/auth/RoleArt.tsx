/**
 * Inline illustrations for the Reader and Writer cards (no image requests, crisp at any size, follow
 * the brand colours and dark mode).
 */
export function ReaderArt({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 140" className={className} aria-hidden="true">
      <rect width="200" height="140" rx="18" className="fill-brand-50 dark:fill-brand-500/10" />
      <circle cx="164" cy="30" r="16" className="fill-brand-100 dark:fill-brand-500/20" />
      <circle cx="30" cy="116" r="22" className="fill-brand-100 dark:fill-brand-500/20" />
      {/* sparkles */}
      <path d="M40 26l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" className="fill-brand-400" />
      <path d="M166 92l2 4.5 4.5 2-4.5 2-2 4.5-2-4.5-4.5-2 4.5-2z" className="fill-brand-500" />
      {/* open book */}
      <path d="M100 44c-16-9-38-11-58-7v70c20-4 42-2 58 7z" className="fill-white stroke-zinc-800 dark:fill-zinc-100" strokeWidth="3" strokeLinejoin="round" />
      <path d="M100 44c16-9 38-11 58-7v70c-20-4-42-2-58 7z" className="fill-white stroke-zinc-800 dark:fill-zinc-100" strokeWidth="3" strokeLinejoin="round" />
      {/* manga panels, left page */}
      <rect x="50" y="45" width="20" height="22" rx="2" className="fill-brand-500" />
      <rect x="74" y="46" width="19" height="10" rx="2" className="fill-zinc-800" />
      <rect x="74" y="59" width="19" height="10" rx="2" className="fill-brand-100" />
      <rect x="50" y="71" width="43" height="24" rx="2" className="fill-zinc-200" />
      <circle cx="64" cy="83" r="6" className="fill-zinc-800" />
      <path d="M74 78h14M74 84h10" className="stroke-zinc-500" strokeWidth="2.5" strokeLinecap="round" />
      {/* right page: speech bubble and lines */}
      <path d="M110 50h36a6 6 0 0 1 6 6v12a6 6 0 0 1-6 6h-22l-8 7v-7h-6a6 6 0 0 1-6-6V56a6 6 0 0 1 6-6z" className="fill-brand-600" />
      <path d="M115 59h26M115 65h18" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M110 86h40M110 93h34M110 100h38" className="stroke-zinc-300" strokeWidth="3" strokeLinecap="round" />
      {/* bookmark */}
      <path d="M140 37v22l5-4 5 4V36" className="fill-brand-400" />
    </svg>
  );
}

export function WriterArt({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 140" className={className} aria-hidden="true">
      <rect width="200" height="140" rx="18" className="fill-zinc-100 dark:fill-zinc-800" />
      <circle cx="38" cy="28" r="18" className="fill-brand-100 dark:fill-brand-500/20" />
      <circle cx="172" cy="112" r="20" className="fill-brand-100 dark:fill-brand-500/20" />
      {/* drawing board with a page of panels */}
      <rect x="36" y="22" width="92" height="104" rx="8" className="fill-white stroke-zinc-800 dark:fill-zinc-100" strokeWidth="3" />
      <rect x="46" y="32" width="72" height="30" rx="3" className="fill-brand-500" />
      <path d="M58 54l12-14 10 10 8-6 18 10z" className="fill-brand-700" />
      <circle cx="104" cy="40" r="5" className="fill-white" />
      <rect x="46" y="67" width="34" height="49" rx="3" className="fill-zinc-200" />
      <rect x="84" y="67" width="34" height="22" rx="3" className="fill-zinc-800" />
      <rect x="84" y="94" width="34" height="22" rx="3" className="fill-brand-100" />
      <path d="M52 80h22M52 88h16" className="stroke-zinc-500" strokeWidth="2.5" strokeLinecap="round" />
      {/* pen */}
      <g transform="rotate(40 150 70)">
        <rect x="142" y="18" width="16" height="70" rx="4" className="fill-zinc-800" />
        <rect x="142" y="30" width="16" height="8" className="fill-brand-500" />
        <path d="M142 88h16l-8 20z" className="fill-zinc-300" />
        <path d="M148 100h4l-2 8z" className="fill-zinc-800" />
      </g>
      {/* ink stroke */}
      <path d="M112 122c10-6 22-4 30-10" className="stroke-brand-600" strokeWidth="4" strokeLinecap="round" fill="none" />
      <path d="M170 34l2.5 5.5 5.5 2.5-5.5 2.5-2.5 5.5-2.5-5.5-5.5-2.5 5.5-2.5z" className="fill-brand-400" />
    </svg>
  );
}
