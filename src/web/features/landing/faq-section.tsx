import { useState } from "react";
import { FAQ_HEADING, FAQ_ITEMS } from "../../content/faq";
import { useMediaQuery } from "../../lib/use-media-query";
import { SectionHeading } from "./section-heading";

/** Tailwind's md breakpoint: from here the questions are cards, below it an accordion. */
const CARDS_QUERY = "(min-width: 48rem)";

/**
 * Section 7: one list of questions, laid out by CSS as three cards side by side from md up and
 * as an accordion below (one item open at a time; a second click closes the open one). The
 * accordion's buttons expose aria-expanded and aria-controls; as cards, where every answer is
 * shown, the questions are plain headings, so nothing claims to be collapsed.
 */
export function FaqSection() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const isCards = useMediaQuery(CARDS_QUERY);
  return (
    <section aria-labelledby="faq-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="faq-heading" title={FAQ_HEADING} />
        <ul className="mt-10 divide-y divide-slate-200 rounded-2xl ring-1 ring-slate-200 md:grid md:grid-cols-3 md:gap-6 md:divide-y-0 md:rounded-none md:ring-0">
          {FAQ_ITEMS.map((item, index) => {
            const isOpen = openIndex === index;
            return (
              <li key={item.question} className="md:rounded-2xl md:bg-slate-50 md:p-6 md:ring-1 md:ring-slate-200">
                <h3 className="text-base font-bold text-slate-900 md:text-lg">
                  {isCards ? (
                    item.question
                  ) : (
                    <button
                      type="button"
                      id={`faq-button-${index}`}
                      aria-expanded={isOpen}
                      aria-controls={`faq-panel-${index}`}
                      onClick={() => setOpenIndex(isOpen ? null : index)}
                      className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left md:min-h-0 md:p-0"
                    >
                      {item.question}
                      <span
                        aria-hidden="true"
                        className={`text-2xl leading-none text-accent-dark transition-transform md:hidden ${isOpen ? "rotate-45" : ""}`}
                      >
                        +
                      </span>
                    </button>
                  )}
                </h3>
                <div
                  id={`faq-panel-${index}`}
                  className={`${isOpen ? "block" : "hidden"} px-5 pb-5 leading-relaxed text-slate-700 md:mt-3 md:block md:p-0`}
                >
                  {item.answer}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
