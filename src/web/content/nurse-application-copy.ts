/** Copy of the nurse application dialog (spec 2.3, 5.1). */
export const NURSE_APPLICATION_COPY = {
  title: (brand: string) => `Join the ${brand} Talent Network`,
  intro: "Tell us about yourself and where you would like to work. It takes about a minute.",
  close: "Close",
  requiredNote: "All fields are required unless marked optional.",
  messageHint: "Anything you would like us to know: experience, availability, preferred shifts.",
  submit: "Submit Application",
  success: {
    title: "Thank You!",
    body: "Your application has been received. Our team will be in touch shortly.",
    watch: "Please watch your email and phone for our message.",
    done: "Done",
  },
} as const;
