// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChatWidget } from "./chat-widget";
import { parseWidgetAttributes } from "./widget-attributes";

const PHONE = "(888) 555-0142";

describe("ChatWidget", () => {
  it("with no script configured, says to call or use voice instead", () => {
    render(<ChatWidget src={undefined} phone={PHONE} voiceHref="#voice-qualification" />);
    const region = screen.getByRole("region", { name: "Text chat" });
    expect(region).toHaveTextContent("Text chat is not available right now.");
    expect(screen.getByRole("link", { name: PHONE })).toHaveAttribute("href", "tel:+18885550142");
    expect(screen.getByRole("link", { name: "voice qualification" })).toHaveAttribute("href", "#voice-qualification");
    expect(region.querySelector("script")).toBeNull();
    expect(region.className).toContain("min-h-[500px]");
    expect(region.className).toContain("h-[60vh]");
    expect(region.className).toContain("max-h-[700px]");
  });

  it("renders with no props at all (as /qualifying-chat uses it)", () => {
    render(<ChatWidget />);
    expect(screen.getByRole("region", { name: "Text chat" })).toBeInTheDocument();
  });

  it("adds the script with its attributes into the container after the page is interactive, then shows the widget", async () => {
    const { container } = render(<ChatWidget src="https://chat.example/widget.js" attributes={{ "data-widget-id": "abc" }} containerId="my-chat" />);
    expect(screen.getByText("Loading the chat…")).toBeInTheDocument();
    const script = await waitFor(() => {
      const found = container.querySelector<HTMLScriptElement>("#my-chat > script");
      expect(found).not.toBeNull();
      return found!;
    });
    expect(script.src).toBe("https://chat.example/widget.js");
    expect(script.async).toBe(true);
    expect(script.getAttribute("data-widget-id")).toBe("abc");
    script.dispatchEvent(new Event("load"));
    await waitFor(() => expect(screen.queryByText("Loading the chat…")).not.toBeInTheDocument());
    expect(screen.queryByText("Text chat is not available right now.")).not.toBeInTheDocument();
  });

  it("when the script fails to load, shows the alternatives", async () => {
    const { container } = render(<ChatWidget src="https://chat.example/widget.js" phone={PHONE} />);
    const script = await waitFor(() => {
      const found = container.querySelector("script");
      expect(found).not.toBeNull();
      return found!;
    });
    script.dispatchEvent(new Event("error"));
    expect(await screen.findByText("Text chat is not available right now.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: PHONE })).toBeInTheDocument();
  });

  it("removes its script when the page goes away", async () => {
    const { container, unmount } = render(<ChatWidget src="https://chat.example/widget.js" />);
    const mount = container.querySelector("[data-chat-widget]")!;
    await waitFor(() => expect(mount.querySelector("script")).not.toBeNull());
    unmount();
    expect(mount.querySelector("script")).toBeNull();
  });
});

describe("parseWidgetAttributes", () => {
  it("keeps plain attributes and refuses handlers, src and non-objects", () => {
    expect(parseWidgetAttributes('{"data-id":"x","id":"w","defer":true,"onload":"alert(1)","src":"//evil","bad name":"x","n":{"a":1}}')).toEqual({
      "data-id": "x",
      id: "w",
      defer: "true",
    });
    expect(parseWidgetAttributes(undefined)).toEqual({});
    expect(parseWidgetAttributes("[1]")).toEqual({});
  });
});
