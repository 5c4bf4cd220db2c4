import { render as renderInPage, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ChatWidget as Widget, type ChatWidgetProps } from "./chat-widget";
import { parseWidgetAttributes } from "./widget-attributes";

/** The container with a stand-in for our own chat (the pages pass the lazy chat itself). */
const ChatWidget = (props: Omit<ChatWidgetProps, "ownChat">) => (
  <Widget {...props} ownChat={<h3>Before we start</h3>} />
);

/** Our chat links to the privacy page: render inside a router, as the pages do. */
const render = (ui: ReactNode) =>
  renderInPage(ui, { wrapper: ({ children }) => <MemoryRouter>{children}</MemoryRouter> });

describe("ChatWidget", () => {
  it("with no widget configured, is our own chat, in the spec's sized container", async () => {
    render(<ChatWidget src={undefined} />);
    const region = screen.getByRole("region", { name: "Text chat" });
    expect(await screen.findByRole("heading", { name: "Before we start" })).toBeInTheDocument();
    expect(region.querySelector("script")).toBeNull();
    expect(region.className).toContain("min-h-[500px]");
    expect(region.className).toContain("h-[60vh]");
    expect(region.className).toContain("max-h-[700px]");
  });

  it("adds the script with its attributes into the container after the page is interactive, then shows the widget once it renders", async () => {
    const { container } = render(
      <ChatWidget
        src="https://chat.example/widget.js"
        attributes={{ "data-widget-id": "abc" }}
        containerId="my-chat"
      />,
    );
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
    const widget = document.createElement("iframe");
    widget.title = "Vendor chat";
    container.querySelector("#my-chat")!.appendChild(widget);
    await waitFor(() => expect(screen.queryByText("Loading the chat…")).not.toBeInTheDocument());
    expect(screen.queryByRole("heading", { name: "Before we start" })).not.toBeInTheDocument();
    expect(container.querySelector("#my-chat")).not.toHaveAttribute("hidden");
  });

  it("when the script fails to load, our chat takes its place and nothing else is said", async () => {
    const { container } = render(<ChatWidget src="https://chat.example/widget.js" />);
    const script = await waitFor(() => {
      const found = container.querySelector("script");
      expect(found).not.toBeNull();
      return found!;
    });
    script.dispatchEvent(new Event("error"));
    expect(await screen.findByRole("heading", { name: "Before we start" })).toBeInTheDocument();
    expect(container.querySelector("[data-chat-widget]")).toHaveAttribute("hidden");
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
    expect(
      parseWidgetAttributes(
        '{"data-id":"x","id":"w","defer":true,"onload":"alert(1)","src":"//evil","bad name":"x","n":{"a":1}}',
      ),
    ).toEqual({
      "data-id": "x",
      id: "w",
      defer: "true",
    });
    expect(parseWidgetAttributes(undefined)).toEqual({});
    expect(parseWidgetAttributes("[1]")).toEqual({});
  });
});
