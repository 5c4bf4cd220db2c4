import { JsonLd } from "../../components/json-ld";
import { FAQ_ITEMS } from "../../content/faq";

/** FAQPage structured data for the three questions of the FAQ section. */
export function FaqJsonLd() {
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: FAQ_ITEMS.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      }}
    />
  );
}
