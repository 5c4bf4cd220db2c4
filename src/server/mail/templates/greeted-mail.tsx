import type { ReactNode } from "react";
import { Heading, Text } from "@react-email/components";
import type { MailBrand } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
import { MAIL_STYLES as S } from "./mail-styles";

/** What an e-mail to one person says around its content (its part of MAIL_COPY). */
interface GreetedMailCopy {
  preview: string;
  reason: (brandName: string) => string;
  greeting: (firstName: string) => string;
}

/**
 * The frame of an e-mail to one person (a lead, a nurse): the layout with its stop link, the
 * e-mail's h1, and the greeting by first name; the content follows.
 */
export function GreetedMail({
  brand,
  subject,
  copy,
  heading,
  firstName,
  stopUrl,
  children,
}: {
  brand: MailBrand;
  subject: string;
  copy: GreetedMailCopy;
  heading: string;
  firstName: string;
  stopUrl: string | undefined;
  children: ReactNode;
}) {
  return (
    <MailLayout
      brand={brand}
      title={subject}
      preview={copy.preview}
      reason={copy.reason(brand.brandName)}
      stopUrl={stopUrl}
    >
      <Heading as="h1" style={S.h1}>
        {heading}
      </Heading>
      <Text style={S.text}>{copy.greeting(firstName)}</Text>
      {children}
    </MailLayout>
  );
}
