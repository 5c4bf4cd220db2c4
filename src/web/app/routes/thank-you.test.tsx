import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import ThankYou from "./thank-you";

afterEach(() => {
  delete window.gtag;
});

describe("/thank-you", () => {
  it("fires the conversion once, even under StrictMode and re-renders", async () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    const Stub = createRoutesStub([{ path: "/thank-you", Component: ThankYou }]);
    const { rerender } = render(
      <StrictMode>
        <Stub initialEntries={["/thank-you"]} />
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <Stub initialEntries={["/thank-you"]} />
      </StrictMode>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Thank You!" })).toBeInTheDocument();
    await waitFor(() => expect(gtag).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const conversions = gtag.mock.calls.filter((call) => call[1] === "conversion");
    expect(conversions).toHaveLength(1);
    expect(conversions[0]?.[2]).toMatchObject({ value: 1, currency: "USD" });
  });
});
