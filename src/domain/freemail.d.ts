/** The `freemail` package ships no types: the two functions we use. */
declare module "freemail" {
  const freemail: {
    isFree(emailOrDomain: string): boolean;
    isDisposable(emailOrDomain: string): boolean;
  };
  export default freemail;
}
