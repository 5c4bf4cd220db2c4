/**
 * A JSON-LD block. `<` is escaped so no value can close the script element. The CSP does not
 * apply to data blocks (the browser never runs them), and the server's hashes include them anyway.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
