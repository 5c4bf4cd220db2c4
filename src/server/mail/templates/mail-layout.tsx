import type { ReactNode } from "react";
import { Body, Head, Hr, Html, Link, Text } from "@react-email/components";
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
  /** The "Stop contacting me" page (e-mails to a lead, decision 0033). */
  stopUrl?: string | undefined;
  /** The e-mail's own content: its one h1 first. */
  children: ReactNode;
}

/**
 * The line a mailbox shows after the subject, hidden in the message: the text alone. React
 * Email's <Preview> pads it with some 150 invisible characters (zero-width joiners, soft
 * hyphens) so that no body text follows it in the list; spam filters score that stuffing, and
 * a screen reader may read it, so the body's first words may follow instead.
 */
function PreviewLine({ text }: { text: string }) {
  return (
    <div style={S.preview} data-skip-in-text="true">
      {text}
    </div>
  );
}

/**
 * The white card of 560 pixels: its padding on the cell, never on the table (Outlook's Word
 * engine ignores a table's padding, and React Email's <Container> puts it there); a fixed
 * layout so one long unbroken word wraps in its cell instead of widening the table.
 */
function MailCard({ children }: { children: ReactNode }) {
  return (
    <table role="presentation" width="100%" align="center" border={0} cellPadding={0} cellSpacing={0} style={S.card}>
      <tbody>
        <tr>
          <td style={S.cardCell}>{children}</td>
        </tr>
      </tbody>
    </table>
  );
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
        <PreviewLine text={preview} />
        <MailCard>
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
        </MailCard>
      </Body>
    </Html>
  );
}
