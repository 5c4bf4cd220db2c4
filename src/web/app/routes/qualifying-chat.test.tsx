import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import QualifyingChat from "./qualifying-chat";

const Stub = createRoutesStub([{ path: "/qualifying-chat", Component: QualifyingChat }]);

describe("/qualifying-chat", () => {
  it("greets by first name and facility from the navigation state", () => {
    render(
      <Stub
        initialEntries={[{ pathname: "/qualifying-chat", state: { firstName: "Dana", facilityName: "Sunrise" } }]}
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Thank you, Dana!" })).toBeInTheDocument();
    expect(screen.getByText("We have received the details for Sunrise.")).toBeInTheDocument();
  });

  it("greets generically without state, and offers voice and phone", () => {
    render(<Stub initialEntries={["/qualifying-chat"]} />);
    expect(screen.getByRole("heading", { level: 1, name: "Thank you for your interest!" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Voice Qualification" })).toHaveAttribute("href", "/voice-agent");
    expect(screen.getAllByRole("link", { name: "(888) 555-0142" })[0]).toHaveAttribute("href", "tel:+18885550142");
  });
});
