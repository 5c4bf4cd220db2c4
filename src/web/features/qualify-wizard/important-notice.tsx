import { QUALIFY_COPY } from "../../content/qualify";

/** The Important Notice of spec 2.2, on every step; "click here to apply" opens the nurse application. */
export function ImportantNotice({ onApply }: { onApply: () => void }) {
  const copy = QUALIFY_COPY.notice;
  return (
    <aside
      aria-labelledby="important-notice-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800"
    >
      <h2 id="important-notice-title" className="flex items-center gap-2 font-bold text-amber-900">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 fill-amber-700">
          <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm.9 12.6H9.1v-1.8h1.8v1.8Zm0-3.6H9.1V5.6h1.8v4.9Z" />
        </svg>
        {copy.title}
      </h2>
      <p className="mt-1">{copy.body}</p>
      <p className="mt-2">
        {copy.nursePrompt}{" "}
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onApply}
          className="rounded-sm font-semibold text-brand underline underline-offset-2 hover:text-brand-dark"
        >
          {copy.applyLink}
        </button>{" "}
        {copy.nurseSuffix}
      </p>
    </aside>
  );
}
