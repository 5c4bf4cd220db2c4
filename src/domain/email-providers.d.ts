/** The `email-providers` package ships no types: its default export is the list of free-mail domains. */
declare module "email-providers" {
  const domains: string[];
  export default domains;
}
