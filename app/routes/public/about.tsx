import { FeatureList, PageHero, Prose } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import { services, whyChooseUs } from "../../content/company";
import { site } from "../../site";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/About", "Our story", `The story of ${site.name}: a security consultancy from ${site.country} that builds its own tools and education software.`);
}

export default function About() {
  return (
    <>
      <PageHero eyebrow="Our story" title={`The story of ${site.name}`}>{site.tagline}</PageHero>
      <Prose>
        <section>
          <h2 className="text-2xl font-bold">Our story</h2>
          <p className="mt-3">We started as a handful of penetration testers in {site.country} who kept writing small tools for our own assessments: a directory scanner, a password wordlist generator, scripts that automated the boring half of a network test. Clients asked for those tools, students asked how we built them, and universities asked us to build software for them too.</p>
          <p className="mt-3">Today we do three things: offensive and defensive security consulting, open source security tools, and education products such as CAMPUS and MASTER. The same engineers do all three, so what we learn breaking systems goes straight into the software we write.</p>
        </section>
        <section>
          <h2 className="text-2xl font-bold">Why choose us</h2>
          <div className="mt-4"><FeatureList items={whyChooseUs} /></div>
        </section>
        <section>
          <h2 className="text-2xl font-bold">Services</h2>
          <div className="mt-4"><FeatureList items={services} /></div>
        </section>
      </Prose>
    </>
  );
}
