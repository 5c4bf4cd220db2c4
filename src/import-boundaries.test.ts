import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import boundaries of eslint.config.js (docs/architecture.md) on fixtures: code linted as if
 * it stood at a path of the tree, importing real modules, so the rule resolves them as in `npm run check`.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => ["boundaries/dependencies", "no-restricted-imports", "import-x/no-cycle"].includes(m.ruleId ?? ""))
    .map((m) => m.message);
}

describe("import boundaries", () => {
  it("refuses a feature importing another feature, however the path is written", async () => {
    for (const source of ["../staff-console/staff-api", "../../features/staff-console/staff-api"]) {
      const found = await problems(
        "src/web/features/landing/fixture.ts",
        `import { staffApi } from "${source}";\nexport const x = staffApi;\n`,
      );
      expect(found, source).toEqual([expect.stringContaining("A feature does not import another feature")]);
    }
  });

  it("lets a feature import its own modules and the shared layers, and a route compose features", async () => {
    expect(
      await problems(
        "src/web/features/staff-console/fixture.ts",
        `import { staffApi } from "./staff-api";\nimport { Button } from "../../components/button";\nexport const x = [staffApi, Button];\n`,
      ),
    ).toEqual([]);
    expect(
      await problems(
        "src/web/app/routes/fixture.ts",
        `import { staffApi } from "../../features/staff-console/staff-api";\nexport const x = staffApi;\n`,
      ),
    ).toEqual([]);
  });

  it("keeps the shared layers off features, domain off everything of ours, and web and server apart", async () => {
    expect(
      await problems(
        "src/web/components/fixture.ts",
        `import { staffApi } from "../features/staff-console/staff-api";\nexport const x = staffApi;\n`,
      ),
    ).toEqual([expect.stringContaining("never import app/ or a feature")]);
    expect(
      await problems(
        "src/domain/fixture.ts",
        `import { STAFF_MESSAGES } from "../server/staff-messages";\nexport const x = STAFF_MESSAGES;\n`,
      ),
    ).toEqual([expect.stringContaining("domain/ imports nothing of ours")]);
    expect(
      await problems("src/server/fixture.ts", `import { PATHS } from "../web/route-paths";\nexport const x = PATHS;\n`),
    ).toEqual([expect.stringContaining("server/ never imports web/")]);
    expect(
      await problems(
        "src/web/lib/fixture.ts",
        `import { STAFF_MESSAGES } from "../../server/staff-messages";\nexport const x = STAFF_MESSAGES;\n`,
      ),
    ).toEqual([expect.stringContaining("web/ never imports server/")]);
  });

  it("takes the domain module by module, never through an index", async () => {
    expect(
      await problems(
        "src/web/lib/fixture.ts",
        `import { MESSAGES } from "../../domain";\nexport const x = MESSAGES;\n`,
      ),
    ).toEqual([expect.stringContaining("Import a domain module by its path")]);
    expect(
      await problems(
        "src/web/lib/fixture.ts",
        `import { MESSAGES } from "../../domain/messages";\nexport const x = MESSAGES;\n`,
      ),
    ).toEqual([]);
  });

  it("keeps store/ to the schema and plain queries: no capability, only store/, domain/ and packages", async () => {
    expect(
      await problems(
        "src/server/store/fixture.ts",
        `import { stepMails } from "../mail/mail-triggers";\nexport const x = stepMails;\n`,
      ),
    ).toEqual([expect.stringContaining("store/ imports no capability")]);
    expect(
      await problems(
        "src/server/store/fixture.ts",
        `import type { PreparedCode } from "../work-email/work-email-code-keys";\nexport type X = PreparedCode;\n`,
      ),
    ).toEqual([expect.stringContaining("store/ imports no capability")]);
    expect(
      await problems(
        "src/server/store/fixture.ts",
        `import { facilityLeads } from "./schema";\nimport { isUuid } from "../../domain/fields";\nimport { sql } from "drizzle-orm";\nexport const x = [facilityLeads, isUuid, sql];\n`,
      ),
    ).toEqual([]);
    // A capability may use the store.
    expect(
      await problems(
        "src/server/mail/fixture.ts",
        `import { facilityLeads } from "../store/schema";\nexport const x = facilityLeads;\n`,
      ),
    ).toEqual([]);
  });

  it("lets a server capability into another only through its door (index.ts), tests included", async () => {
    const DOOR = "A capability imports another only through its door";
    // Deep into another capability: refused, from its code and from its tests alike.
    for (const file of ["src/server/verification/fixture.ts", "src/server/verification/fixture.test.ts"]) {
      expect(
        await problems(
          file,
          `import { monthSpend } from "../rewards/rewards-repository";\nexport const x = monthSpend;\n`,
        ),
        file,
      ).toEqual([expect.stringContaining(DOOR)]);
    }
    expect(
      await problems(
        "src/server/bookings/fixture.ts",
        `import type { CalendarInvite } from "../mail/calendar-invite";\nexport type X = CalendarInvite;\n`,
      ),
    ).toEqual([expect.stringContaining(DOOR)]);
    // Through the door, written as the folder or as its index; its own files freely; the shared
    // root, the store and (in a test) the harness.
    expect(
      await problems(
        "src/server/verification/fixture.ts",
        `import { monthSpend } from "../rewards";\nimport { setUpRewards } from "../rewards/index";\nimport { verifyLead } from "./verify-lead";\nimport { parseBody } from "../validation";\nimport { facilityLeads } from "../store/schema";\nexport const x = [monthSpend, setUpRewards, verifyLead, parseBody, facilityLeads];\n`,
      ),
    ).toEqual([]);
    expect(
      await problems(
        "src/server/verification/fixture.test.ts",
        `import { useTestApp } from "../test-support/test-helpers";\nimport { latestVerification } from "./verification-repository";\nexport const x = [useTestApp, latestVerification];\n`,
      ),
    ).toEqual([]);
    // The harness is for tests: the code they test never imports it.
    expect(
      await problems(
        "src/server/verification/fixture.ts",
        `import { useTestApp } from "../test-support/test-helpers";\nexport const x = useTestApp;\n`,
      ),
    ).toEqual([expect.stringContaining("Only tests use test-support/")]);
    // The harness builds states across capabilities: it may reach in.
    expect(
      await problems(
        "src/server/test-support/fixture.ts",
        `import { monthSpend } from "../rewards/rewards-repository";\nexport const x = monthSpend;\n`,
      ),
    ).toEqual([]);
  });

  it("keeps the shared root off the capabilities, and app.ts to their doors", async () => {
    expect(
      await problems(
        "src/server/fixture.ts",
        `import { monthSpend } from "./rewards";\nexport const x = monthSpend;\n`,
      ),
    ).toEqual([expect.stringContaining("The shared files at the src/server root import no capability")]);
    expect(
      await problems(
        "src/server/fixture.ts",
        `import { parseBody } from "./validation";\nexport const x = parseBody;\n`,
      ),
    ).toEqual([]);
    expect(
      await problems(
        "src/server/app.ts",
        `import { monthSpend } from "./rewards/rewards-repository";\nexport const x = monthSpend;\n`,
      ),
    ).toEqual([expect.stringContaining("app.ts composes the capabilities through their doors")]);
    expect(
      await problems(
        "src/server/app.ts",
        `import { setUpRewards } from "./rewards";\nimport { parseBody } from "./validation";\nexport const x = [setUpRewards, parseBody];\n`,
      ),
    ).toEqual([]);
  });

  it("refuses a circle of imports (linted as a real file importing what imports it; type-only circles: src/import-cycles.test.ts)", async () => {
    // schema.ts re-exports schema-leads.ts: schema-leads.ts importing schema.ts back would close a circle.
    expect(
      await problems(
        "src/server/store/schema-leads.ts",
        `import { deliveries } from "./schema";\nexport const x = deliveries;\n`,
      ),
    ).toEqual([expect.stringContaining("Dependency cycle")]);
    // lead-page.tsx renders lead-deliveries.tsx: the section rendering the page back closes a circle.
    expect(
      await problems(
        "src/web/features/staff-console/lead-deliveries.tsx",
        `import { LeadPage } from "./lead-page";\nexport const x = LeadPage;\n`,
      ),
    ).toEqual([expect.stringContaining("Dependency cycle")]);
    // Through several modules: console-actions -> staff-session -> ... -> console-actions.
    expect(
      await problems(
        "src/web/features/staff-console/staff-api.ts",
        `import { keepSession } from "./staff-session";\nexport const x = keepSession;\n`,
      ),
    ).toEqual([expect.stringContaining("Dependency cycle")]);
    expect(
      await problems("src/server/store/schema-leads.ts", `import { sql } from "drizzle-orm";\nexport const x = sql;\n`),
    ).toEqual([]);
  });
});
