import { forwardRef } from "react";

interface ErrorSummaryItem {
  field: string;
  message: string;
}

export interface ErrorSummaryProps {
  title: string;
  items: readonly ErrorSummaryItem[];
  /** Moves to the field (switching wizard step first where needed) and focuses it. */
  onSelect: (field: string) => void;
}

/** GOV.UK-style error summary: focused on submit, one link per field error. */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { title, items, onSelect },
  ref,
) {
  if (items.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="mb-6 rounded-md border-2 border-red-700 bg-red-50 p-4 focus:outline-3 focus:outline-accent-dark"
    >
      <h2 id="error-summary-title" className="text-base font-bold text-red-800">
        {title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {items.map((item) => (
          <li key={item.field}>
            <a
              href={`#${item.field}`}
              className="font-medium text-red-800 underline"
              onClick={(event) => {
                event.preventDefault();
                onSelect(item.field);
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
