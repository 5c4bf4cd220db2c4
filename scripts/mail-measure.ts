/**
 * npx tsx scripts/mail-measure.ts (by hand: needs Debian's `spamassassin`, which brings Perl's
 * Mail::DKIM; not a test, nothing in CI runs it)
 *
 * Sends every e-mail kind with sample data through the product's own SmtpSender, DKIM-signed
 * with a fresh key, to an SMTP server on 127.0.0.1 that keeps the raw messages; then scores each
 * with `spamassassin -t -L` (local rules only, no network) and verifies its DKIM signature with
 * Mail::DKIM against the key's public half (the DNS lookup replaced by the key). Prints one line
 * per kind: the score, the rules that hit, the DKIM result. The README's figures come from here.
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { MAIL_KINDS } from "../src/server/mail/mail-kinds";
import { SAMPLE_BRAND, SAMPLE_KEYS, SAMPLE_MESSAGES } from "../src/server/test-support/mail-samples";
import { SmtpSender } from "../src/server/mail/smtp-sender";
import type { DeliveryRow } from "../src/server/store/deliveries-repository";

const DOMAIN = SAMPLE_BRAND.contactEmail.split("@")[1]!;
const SELECTOR = "measure";

/** Checks the signature with Mail::DKIM, its key lookup answered with `txt` (Perl, from spamassassin's dependencies). */
const VERIFY_PERL = `
use Mail::DKIM::Verifier; use Mail::DKIM::PublicKey;
no warnings 'redefine';
*Mail::DKIM::PublicKey::fetch_async = sub { my (undef, %p) = @_; my $k = Mail::DKIM::PublicKey->parse($ENV{DKIM_TXT}); my $ok = ($p{Callbacks} || {})->{Success} || sub { $_[0] }; sub { $ok->($k) } };
my $v = Mail::DKIM::Verifier->new; local $/; my $m = <STDIN>; $m =~ s/\\r?\\n/\\r\\n/g; $v->PRINT($m); $v->CLOSE;
print $v->result_detail, "\\n";`;

async function main() {
  const raw: string[] = [];
  const server = new SMTPServer({
    // No reverse DNS lookup of each client (smtp-server's default): nothing leaves this machine (decision 0043).
    disableReverseLookup: true,
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        raw.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const sender = new SmtpSender(
    {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DKIM_DOMAIN: DOMAIN,
      DKIM_SELECTOR: SELECTOR,
      DKIM_PRIVATE_KEY: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      MAIL_TEST_CRASH_AFTER_SEND: false,
    },
    {
      brand: SAMPLE_BRAND,
      from: { name: SAMPLE_BRAND.brandName, address: `no-reply@${DOMAIN}` },
      messageIdDomain: DOMAIN,
      staffAlertEmails: [],
      rewardSender: "Tremendous",
      workEmailCodeKey: SAMPLE_KEYS.workEmailCode,
    },
  );
  const der = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  for (const [index, kind] of MAIL_KINDS.entries()) {
    const row = { id: `00000000-0000-4000-8000-00000000000${index}`, payload: JSON.stringify(SAMPLE_MESSAGES[kind]) };
    const answer = await sender.send(row as DeliveryRow);
    if (answer.error) throw new Error(`${kind}: ${answer.error}`);
    const message = raw[index]!;
    const report = spamReport(message);
    const dkim = execFileSync("perl", ["-e", VERIFY_PERL], {
      input: message,
      env: { ...process.env, DKIM_TXT: `v=DKIM1; k=rsa; p=${der}` },
    })
      .toString()
      .trim();
    console.log(
      `${kind.padEnd(24)} score ${report.score.padStart(4)}  DKIM ${dkim}  ${report.rules || "(no rule hit)"}`,
    );
  }
  sender.close();
  server.close();
}

/** `spamassassin -t -L`: the score of the report's "Content analysis details" and its rules with their points. */
function spamReport(message: string): { score: string; rules: string } {
  let out: string;
  try {
    out = execFileSync("spamassassin", ["-t", "-L"], { input: message, stdio: ["pipe", "pipe", "ignore"] }).toString();
  } catch (error) {
    // spamassassin -t exits 1 for a message it calls spam; its report is still on stdout.
    out = String((error as { stdout?: Buffer }).stdout ?? "");
  }
  const score = /Content analysis details:\s+\(([-\d.]+) points/.exec(out)?.[1] ?? "?";
  const rules = [...out.matchAll(/^\s*(-?\d+\.\d+)\s+([A-Z0-9_]+)\s/gm)].map((m) => `${m[2]} ${m[1]}`).join(", ");
  return { score, rules };
}

await main();
