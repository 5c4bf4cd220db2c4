/**
 * The site's one busy indicator: a ring turning in the current text colour, shown beside a
 * text that says what is happening (so it is decorative). `className` sets its size and colour.
 */
export function Spinner({ className = "size-5" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-current/30 border-t-current ${className}`}
    />
  );
}
