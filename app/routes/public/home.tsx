import { FeatureList } from "../../components/page-hero";
import { HeroArt } from "../../components/hero-art";
import { ContactFormIsland } from "../../components/contact-form-island";
import { pageMeta, organizationLd } from "../../components/page-meta";
import { ProductListing } from "../../components/product-listing";
import { services, whyChooseUs } from "../../content/company";
import { cyberProducts, otherProducts } from "../../content/products";
import { site, telHref } from "../../site";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/", "Cybersecurity Solutions & Consulting", `${site.name}: penetration testing, incident response and security consulting from ${site.country}, plus open source security tools and education software.`, { jsonLd: [organizationLd()] });
}

export default function Home() {
  return (
    <>
      <section className="bg-gradient-to-br from-slate-950 via-slate-900 to-sky-950 px-4 py-16 text-white sm:py-24">
        <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
          <div>
            <p className="font-semibold text-sky-300">Why choose {site.name}?</p>
            <h1 className="mt-3 text-4xl font-bold sm:text-5xl">Advanced Cybersecurity Solutions &amp; Expert Consulting Services</h1>
            <p className="mt-5 text-lg text-slate-200">{site.tagline} We test your systems the way attackers do, then help you fix what we find.</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="#contact" className="rounded-lg bg-sky-500 px-5 py-3 font-semibold text-slate-950 hover:bg-sky-400">Talk to us</a>
              <a href="#services" className="rounded-lg border border-slate-400 px-5 py-3 font-semibold hover:bg-white/10">Our services</a>
            </div>
          </div>
          <div className="flex justify-center"><HeroArt /></div>
        </div>
      </section>
      <section id="why-choose-us" className="scroll-mt-20 px-4 py-16" aria-labelledby="why-title">
        <div className="mx-auto max-w-6xl">
          <h2 id="why-title" className="text-3xl font-bold">Why choose us</h2>
          <div className="mt-8"><FeatureList items={whyChooseUs} /></div>
        </div>
      </section>
      <section id="products" className="scroll-mt-20 bg-slate-50 px-4 py-16" aria-labelledby="products-title">
        <div className="mx-auto max-w-6xl">
          <h2 id="products-title" className="mb-8 text-3xl font-bold">Our products</h2>
          <ProductListing cyber={cyberProducts} other={otherProducts} />
        </div>
      </section>
      <section id="services" className="scroll-mt-20 px-4 py-16" aria-labelledby="services-title">
        <div className="mx-auto max-w-6xl">
          <h2 id="services-title" className="text-3xl font-bold">Services</h2>
          <div className="mt-8"><FeatureList items={services} /></div>
        </div>
      </section>
      <section id="quests" className="scroll-mt-20 bg-slate-900 px-4 py-12 text-white" aria-labelledby="quests-title">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-6">
          <div className="max-w-2xl">
            <h2 id="quests-title" className="text-2xl font-bold">Quests for developers and researchers</h2>
            <p className="mt-2 text-slate-200">Take on a task we post, send your work or the flag you found, and win cash, a licence of our tools or a discount. Found a flaw in our own tools? Our disclosure policy says how to tell us safely.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <a href="/quests" className="rounded-lg bg-sky-500 px-5 py-3 font-semibold text-slate-950 hover:bg-sky-400">See the quests</a>
            <a href="/security" className="rounded-lg border border-slate-400 px-5 py-3 font-semibold hover:bg-white/10">Report a vulnerability</a>
          </div>
        </div>
      </section>
      <section id="contact" className="scroll-mt-20 bg-slate-50 px-4 py-16" aria-labelledby="contact-title">
        <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-2">
          <div>
            <h2 id="contact-title" className="text-3xl font-bold">Contact us</h2>
            <p className="mt-4 text-slate-700">Planning a penetration test, facing an incident, or interested in one of our products? Write to us and an engineer answers within one working day.</p>
            <dl className="mt-6 space-y-2">
              <div><dt className="font-semibold">Country</dt><dd>{site.country}</dd></div>
              {site.address ? <div><dt className="font-semibold">Address</dt><dd>{site.address}</dd></div> : null}
              <div><dt className="font-semibold">E-mail</dt><dd><a className="text-sky-800 underline" href={`mailto:${site.email}`}>{site.email}</a></dd></div>
              {site.phone ? <div><dt className="font-semibold">Phone</dt><dd><a className="text-sky-800 underline" href={telHref(site.phone)}>{site.phone}</a></dd></div> : null}
            </dl>
          </div>
          <ContactFormIsland form="general" />
        </div>
      </section>
    </>
  );
}
