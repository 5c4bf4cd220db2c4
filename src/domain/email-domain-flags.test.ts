import { describe, expect, it } from "vitest";
import { emailDomainFlags } from "./email-domain-flags";

describe("emailDomainFlags (disposable-email-domains-js, email-providers)", () => {
  it("flags the common free-mail providers, in any case and with spaces around", () => {
    for (const email of ["a@gmail.com", "a@outlook.com", "a@hotmail.com", "a@aol.com", "a@icloud.com", " A@YAHOO.COM "])
      expect(emailDomainFlags(email)).toEqual(["free_mail"]);
  });

  it("flags disposable domains as disposable, not free, and their subdomains too", () => {
    for (const email of ["a@mailinator.com", "a@guerrillamail.com", "a@yopmail.com", "a@eu.mailinator.com"])
      expect(emailDomainFlags(email)).toEqual(["disposable_email"]);
  });

  it("leaves a facility's own domain, a country suffix alone and garbage unflagged", () => {
    for (const email of ["dana@mercy-general.org", "nurse@stjohns.co.uk", "a@co.uk", "no-at-sign", "", "a@"])
      expect(emailDomainFlags(email)).toEqual([]);
  });
});
