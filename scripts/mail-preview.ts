/**
 * npm run mail:preview [folder]
 *
 * Writes every e-mail (decision 0023) with sample data, as the outbox would send it, to
 * build/mail-preview/ (or the folder given): `<kind>.html` and `<kind>.txt` for each kind, and an
 * index.html that lists them, to open in a browser.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import process from "node:process";
import { MAIL_KINDS } from "../src/server/mail/mail-kinds";
import { SAMPLE_BRAND, SAMPLE_KEYS, SAMPLE_MESSAGES } from "../src/server/test-support/mail-samples";
import { renderMail } from "../src/server/mail/render-mail";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Writes the files; returns the folder's absolute path. */
export async function writeMailPreview(folder = "build/mail-preview"): Promise<string> {
  const dir = resolve(folder);
  mkdirSync(dir, { recursive: true });
  const rows: string[] = [];
  for (const kind of MAIL_KINDS) {
    const { subject, html, text } = await renderMail(SAMPLE_MESSAGES[kind], SAMPLE_BRAND, SAMPLE_KEYS);
    writeFileSync(join(dir, `${kind}.html`), html);
    writeFileSync(join(dir, `${kind}.txt`), text);
    rows.push(
      `<li><a href="${kind}.html">${escapeHtml(subject)}</a> (${kind}, <a href="${kind}.txt">its text part</a>)</li>`,
    );
  }
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>E-mail previews</title></head><body><h1>E-mail previews</h1><p>Every e-mail with sample data, as npm run mail:preview rendered it.</p><ul>${rows.join("")}</ul></body></html>\n`,
  );
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeMailPreview(process.argv[2])
    .then((dir) =>
      console.log(`Wrote ${MAIL_KINDS.length} e-mails (.html and .txt) to ${dir}: open ${join(dir, "index.html")}`),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
