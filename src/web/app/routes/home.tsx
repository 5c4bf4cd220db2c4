import { SiteFooter } from "../../components/site-footer";
import { HomepageForm } from "../../features/homepage-form/homepage-form";
import { FaqJsonLd } from "../../features/landing/faq-json-ld";
import { FaqSection } from "../../features/landing/faq-section";
import { FinalCta } from "../../features/landing/final-cta";
import { Hero } from "../../features/landing/hero";
import { HowItWorks } from "../../features/landing/how-it-works";
import { IncentiveCard } from "../../features/landing/incentive-card";
import { LandingHeader } from "../../features/landing/landing-header";
import { LeadFormSection } from "../../features/landing/lead-form-section";
import { SecondCta } from "../../features/landing/second-cta";
import { SocialProof } from "../../features/landing/social-proof";
import { StickyCtaBar } from "../../features/landing/sticky-cta-bar";
import { TrustStrip } from "../../features/landing/trust-strip";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";

export const meta = () => pageMeta(PATHS.home);

/** The landing page (spec 2.1): the sections in the spec's order, the lead form in section 6. */
export default function Page() {
  return (
    <>
      <LandingHeader />
      <main>
        <Hero />
        <TrustStrip />
        <HowItWorks />
        <SecondCta />
        <SocialProof />
        <LeadFormSection>
          <HomepageForm />
        </LeadFormSection>
        <FaqSection />
        <IncentiveCard />
        <FinalCta />
      </main>
      <SiteFooter />
      <StickyCtaBar />
      <FaqJsonLd />
    </>
  );
}
