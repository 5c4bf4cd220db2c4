import type { MetaDescriptor } from "react-router";
import { siteConfig } from "../site-config";
import { PAGE_META } from "../content/pages";
import { SHARE_IMAGE } from "../content/share-image";

/** The <head> tags of a page: title, description, canonical URL, share tags, robots. */
export function pageMeta(path: keyof typeof PAGE_META): MetaDescriptor[] {
  const { title, description, indexable } = PAGE_META[path];
  const url = `${siteConfig.siteUrl}${path}`;
  const image = `${siteConfig.siteUrl}${SHARE_IMAGE.path}`;
  return [
    { title },
    { name: "description", content: description },
    ...(indexable
      ? [{ tagName: "link", rel: "canonical", href: url } as const]
      : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: SHARE_IMAGE.type },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: SHARE_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: SHARE_IMAGE.alt },
  ];
}
