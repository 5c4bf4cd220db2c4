import { homepageLead } from "../src/server/test-support/test-fixtures";
import { expect, expectNoAxeViolations } from "./fixtures";
import { signIn, test, WORKER } from "./staff-console-server";
import { postLead, rowNames } from "./staff-helpers";

/**
 * The console's lists live in the address (decision 0027): a filtered, paged list survives a
 * reload, Back and a copied link, and a lead opened from the Due view returns to it as it was.
 */
test.describe.configure({ mode: "serial" });

test("a filtered, paged lead list shows the same rows after a reload, with Back and from a copied link", async ({
  consoleServer,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // One lead more than a page holds (50), all found by one search.
  for (let n = 0; n < 51; n++) {
    await postLead(
      consoleServer.baseURL,
      homepageLead({
        email: `paging.${n}@paging.example`,
        phone: `55500${String(30000 + n)}`,
        facilityName: `Paging Care ${n}`,
        firstName: "Pat",
        lastName: `Paging${n}`,
      }),
    );
  }
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("Paging Care");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]q=Paging/);
  await expect(page.getByRole("row")).toHaveCount(51); // the header and a full page
  expect((await rowNames(page)).every((name) => name.startsWith("Pat Paging"))).toBe(true);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the one lead left
  const rows = await rowNames(page);
  const address = page.url();
  expect(new URL(address).searchParams.get("q")).toBe("Paging Care");
  expect(new URL(address).searchParams.get("cursor")).toBeTruthy();

  await page.reload();
  await expect(page.getByRole("row")).toHaveCount(2);
  expect(await rowNames(page)).toEqual(rows);
  await expect(page.getByLabel("Search leads")).toHaveValue("Paging Care");

  await page.getByRole("link", { name: `Open lead ${rows[0]}` }).click();
  await expect(page.getByRole("heading", { name: rows[0], level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("row")).toHaveCount(2);
  expect(await rowNames(page)).toEqual(rows);
  await page.goBack();
  await expect(page.getByRole("row")).toHaveCount(51);

  const copied = await context.newPage();
  await copied.goto(address);
  await expect(copied.getByRole("row")).toHaveCount(2);
  expect(await rowNames(copied)).toEqual(rows);
  await expect(copied.getByRole("button", { name: "First page" })).toBeVisible();
  await expectNoAxeViolations(copied, "paged lead list");
});

test("a lead opened from the Due view returns to the Due view, as it was filtered, also after a reload", async ({
  consoleServer,
  page,
}) => {
  await postLead(
    consoleServer.baseURL,
    homepageLead({
      email: "due.view@clinic.example",
      phone: "5550004444",
      facilityName: "Due View Clinic",
      firstName: "Dee",
      lastName: "Duview",
    }),
  );
  await signIn(page, WORKER);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Due" }).click();
  await expect(page.getByRole("heading", { name: "Due: promises running late", level: 1 })).toBeVisible();
  // Every lead, not only the late ones (a lead posted now is not late yet).
  await page.getByLabel("Due", { exact: true }).selectOption({ label: "Everything" });
  await page.getByLabel("Search leads").fill("Due View");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]q=Due/);
  await page.getByRole("link", { name: "Open lead Dee Duview" }).click();
  await expect(page.getByRole("heading", { name: "Dee Duview", level: 1 })).toBeFocused();
  await page.reload();
  await page.getByRole("link", { name: "Back to leads" }).click();
  await expect(page.getByRole("heading", { name: "Due: promises running late", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Due" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByLabel("Due", { exact: true })).toHaveValue("");
  expect(await rowNames(page)).toEqual(["Dee Duview"]);
  await expectNoAxeViolations(page, "due view");
});
