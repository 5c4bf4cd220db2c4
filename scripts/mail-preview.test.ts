import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAIL_KINDS } from "../src/server/mail/mail-kinds";
import { writeMailPreview } from "./mail-preview";

describe("npm run mail:preview", () => {
  const folder = mkdtempSync(join(tmpdir(), "mail-preview-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("writes each kind's HTML and text and an index linking to them", async () => {
    const dir = await writeMailPreview(join(folder, "out"));
    expect(readdirSync(dir).sort()).toEqual(
      ["index.html", ...MAIL_KINDS.flatMap((kind) => [`${kind}.html`, `${kind}.txt`])].sort(),
    );
    const index = readFileSync(join(dir, "index.html"), "utf8");
    for (const kind of MAIL_KINDS) expect(index).toContain(`href="${kind}.html"`);
    expect(readFileSync(join(dir, "lead_confirmation.html"), "utf8")).toContain("We received your request");
    expect(readFileSync(join(dir, "lead_confirmation.txt"), "utf8")).toContain("The first free time for your call is");
  });
});
