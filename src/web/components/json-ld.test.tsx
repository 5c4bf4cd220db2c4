import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonLd } from "./json-ld";

describe("JsonLd", () => {
  it("writes parseable JSON that cannot close its script element", () => {
    const html = renderToStaticMarkup(<JsonLd data={{ name: "</script><b>x</b>" }} />);
    const body = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(html)?.[1] ?? "";
    expect(body).not.toContain("</");
    expect(JSON.parse(body)).toEqual({ name: "</script><b>x</b>" });
  });
});
