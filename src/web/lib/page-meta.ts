import type { MetaDescriptor } from "react-router";
import { siteConfig } from "../config";
import { PAGE_META } from "../content/pages";

/** The <head> tags of a page: title, description, canonical URL, share tags, robots. */
export function pageMeta(path: keyof typeof PAGE_META): MetaDescriptor[] {
  const { title, description, indexable } = PAGE_META[path];
  const url = `${siteConfig.siteUrl}${path === "/" ? "/" : path}`;
  return [
    { title },
    { name: "description", content: description },
    ...(indexable ? [{ tagName: "link", rel: "canonical", href: url } as const] : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
