import type { ReactNode } from "react";
import { Body, Container, Head, Hr, Html, Link, Preview, Text } from "@react-email/components";
import { MAIL_LAYOUT_COPY } from "../mail-copy";
import type { MailBrand } from "../mail-kinds";
import { telHref } from "../mail-text";
import { MAIL_STYLES as S } from "./mail-styles";

interface MailLayoutProps {
  brand: MailBrand;
  /** The subject, as the document's <title> (what a screen reader announces first). */
  title: string;
  preview: string;
  /** Why this person receives this e-mail (the consent it rests on). */
  reason: string;
  /** The "Stop contacting me" page (e-mails to a lead, issue 33). */
  stopUrl?: string | undefined;
  /** The e-mail's own content: its one h1 first. */
  children: ReactNode;
}

/**
 * The frame of every e-mail: the brand's name as text (no logo: no image at all, so nothing
 * to block, track or describe), the content, and a footer with the hotline and the mailbox.
 * The brand is a paragraph, not a heading, so each e-mail's own h1 is its first heading.
 */
export function MailLayout({ brand, title, preview, reason, stopUrl, children }: MailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </Head>
      <Body style={S.body}>
        <Preview>{preview}</Preview>
        <Container style={S.container}>
          <Text style={S.brand}>{brand.brandName}</Text>
          {children}
          <Hr style={S.rule} />
          <Text style={S.footer}>
            {brand.brandName}, {MAIL_LAYOUT_COPY.address}
          </Text>
          <Text style={S.footer}>
            <Link href={telHref(brand.phone)} style={S.footerLink}>
              {MAIL_LAYOUT_COPY.hotline(brand.phone)}
            </Link>
          </Text>
          <Text style={S.footer}>
            <Link href={`mailto:${brand.contactEmail}`} style={S.footerLink}>
              {MAIL_LAYOUT_COPY.mailbox(brand.contactEmail)}
            </Link>
          </Text>
          <Text style={S.footer}>
            <Link href={brand.siteUrl} style={S.footerLink}>
              {MAIL_LAYOUT_COPY.site(brand.brandName)}
            </Link>
          </Text>
          <Text style={S.footer}>{reason}</Text>
          {stopUrl ? (
            <Text style={S.footer}>
              {MAIL_LAYOUT_COPY.stopIntro}{" "}
              <Link href={stopUrl} style={S.footerLink}>
                {MAIL_LAYOUT_COPY.stopLink}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
