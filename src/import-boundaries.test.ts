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
    .filter((m) => m.ruleId === "boundaries/dependencies" || m.ruleId === "no-restricted-imports")
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
        `import { STAFF_MESSAGES } from "../server/staff/staff-messages";\nexport const x = STAFF_MESSAGES;\n`,
      ),
    ).toEqual([expect.stringContaining("domain/ imports nothing of ours")]);
    expect(
      await problems("src/server/fixture.ts", `import { PATHS } from "../web/route-paths";\nexport const x = PATHS;\n`),
    ).toEqual([expect.stringContaining("server/ never imports web/")]);
    expect(
      await problems(
        "src/web/lib/fixture.ts",
        `import { STAFF_MESSAGES } from "../../server/staff/staff-messages";\nexport const x = STAFF_MESSAGES;\n`,
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
});
