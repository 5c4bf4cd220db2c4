import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarInviteText } from "../mail";
import { RadicaleServer } from "../test-support/radicale-server";

const PASSWORD = "sam app password";

/** A CN read back as a calendar shows it (RFC 6868: `^'` a double quote, `^n` a line break, `^^` a caret). */
const shownName = (value: unknown) =>
  String(value).replace(/\^(\^|'|n)/g, (_, c: string) => (c === "^" ? "^" : c === "'" ? '"' : "\n"));

/**
 * Invites valid for every name (decision 0043): each name below written as the event a calendar keeps,
 * accepted by a real CalDAV server (Radicale), and read back by node-ical with the attendee and
 * their name whole.
 */
describe("a booked call's invite for any name, against Radicale", () => {
  const radicale = new RadicaleServer();
  beforeAll(() => radicale.start({ sam: PASSWORD }), 30_000);
  afterAll(() => radicale.destroy());

  it.each([
    ['Robert "Bob" Quinn', 'Robert "Bob" Quinn'],
    ["Quinn, Robert", "Quinn, Robert"],
    ["Quinn; Robert", "Quinn, Robert"],
    ["Dr: Ana Lee", "Dr: Ana Lee"],
    ["José Ñúñez-Ødegård", "José Ñúñez-Ødegård"],
    ["山田 太郎", "山田 太郎"],
    ["Зоя Петрова", "Зоя Петрова"],
    ["Zoë 🎉 Smith 👩🏽‍⚕️", "Zoë 🎉 Smith 👩🏽‍⚕️"],
    ["Caret^Back\\slash", "Caret^Back/slash"],
    ["Visit https://login-bigcorp.example/reset now", "Visit https: //login-bigcorp\u2024example/reset now"],
  ])("%s", async (name, shown) => {
    const uid = `call-${Math.random().toString(36).slice(2)}@staffing.example`;
    const text = calendarInviteText(
      {
        uid,
        sequence: 0,
        method: "REQUEST",
        start: "2030-01-07T15:00:00.000Z",
        end: "2030-01-07T15:15:00.000Z",
        summary: "Call with Staffing",
        description: "Sam will call you.",
        organizer: { name: 'Sam "the scheduler"', email: "sam@staffing.example" },
        attendee: { name, email: "lead@care.example" },
      },
      { stored: true },
    );
    const put = await fetch(`${radicale.calendarUrl("sam")}${encodeURIComponent(uid)}.ics`, {
      method: "PUT",
      headers: {
        authorization: `Basic ${Buffer.from(`sam:${PASSWORD}`).toString("base64")}`,
        "content-type": "text/calendar; charset=utf-8",
      },
      body: text,
    });
    expect(put.status).toBe(201);
    expect(await radicale.uids("sam", PASSWORD)).toContain(uid);
    // What the calendar keeps, read back from it.
    const stored = await fetch(`${radicale.calendarUrl("sam")}${encodeURIComponent(uid)}.ics`, {
      headers: { authorization: `Basic ${Buffer.from(`sam:${PASSWORD}`).toString("base64")}` },
    });
    const [event] = Object.values(ical.sync.parseICS(await stored.text())).filter((c) => c?.type === "VEVENT");
    const attendee = (event as unknown as { attendee: { params: { CN: unknown }; val: string } }).attendee;
    expect(attendee.val.toLowerCase()).toBe("mailto:lead@care.example");
    expect(shownName(attendee.params.CN)).toBe(shown);
    const organizer = (event as unknown as { organizer: { params: { CN: unknown } } }).organizer;
    expect(shownName(organizer.params.CN)).toBe('Sam "the scheduler"');
  });
});
