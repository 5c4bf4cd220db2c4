import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The console's one way to change data (eslint.config.js) on fixtures: code linted as
 * if it stood in the console's feature or its routes.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => ["no-restricted-imports", "no-restricted-syntax"].includes(m.ruleId ?? ""))
    .map((m) => m.message);
}

const VIEW = "src/web/features/staff-console/fixture.tsx";

describe("the console's one way to change data", () => {
  it("refuses a fetcher, the router's submit or a reducer of a view's own", async () => {
    for (const code of [
      `import { useFetcher } from "react-router";\nexport const x = useFetcher;\n`,
      `import { useSubmit } from "react-router";\nexport const x = useSubmit;\n`,
      `import { useReducer } from "react";\nexport const x = useReducer;\n`,
      `import { useSubmit } from "../../forms/submit";\nexport const x = useSubmit;\n`,
    ]) {
      expect(await problems(VIEW, code), code).toEqual([expect.stringContaining("useConsoleForm")]);
    }
    expect(
      await problems(
        "src/web/app/routes/staff/fixture.tsx",
        `import { useFetcher } from "react-router";\nexport const x = useFetcher;\n`,
      ),
    ).toEqual([expect.stringContaining("useConsoleForm")]);
  });

  it("refuses state kept in a module: a let, or a Map or Set at the top", async () => {
    for (const code of [
      `let token = "";\nexport const set = (t: string) => {\n  token = t;\n};\nexport const get = () => token;\n`,
      `export let token = "";\n`,
      `const answers = new Map<string, unknown>();\nexport const get = (k: string) => answers.get(k);\n`,
    ]) {
      expect(await problems(VIEW, code), code).toEqual([expect.stringContaining("No module-level mutable state")]);
    }
  });

  it("lets the hook use its fetcher and reducer, and a view its own state and a function's let", async () => {
    expect(
      await problems(
        "src/web/features/staff-console/use-console-form.ts",
        `import { useReducer } from "react";\nimport { useFetcher } from "react-router";\nexport const x = [useReducer, useFetcher];\n`,
      ),
    ).toEqual([]);
    expect(
      await problems(
        VIEW,
        `import { useState } from "react";\nexport function f() {\n  let n = 0;\n  n += 1;\n  return [useState, n];\n}\n`,
      ),
    ).toEqual([]);
  });
});
