import { ArticleFacts } from "../../components/article-facts";
import { FeatureList, PageHero, Prose } from "../../components/page-hero";
import { pageMeta, productTrail, softwareLd } from "../../components/page-meta";
import { ProductIcon } from "../../components/product-icon";
import { site } from "../../site";
import { BuyBox } from "../../components/store/buy-box";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/products/opensource/brute-force", "Passive Pass: password wordlist generator", "Passive Pass is an open source GUI that generates probable password lists for authorised security audits and testing.", { jsonLd: [softwareLd("Passive Pass", "Passive Pass is an open source GUI that generates probable password lists for authorised security audits and testing.", "SecurityApplication", "/products/opensource/brute-force", "Windows, macOS, Linux")], trail: productTrail("Passive Pass", "/products/opensource/brute-force") });
}

const features: [string, string][] = [
  ["Profile-based generation", "Combines names, nicknames, dates, pets, places and keywords that you enter about the target."],
  ["Common mutations", "Capitalisation, leetspeak substitutions, appended years and symbols, just like real users choose."],
  ["Simple GUI", "No command-line flags to remember: fill in the fields and save the list."],
  ["Length filters", "Keep only candidates that fit the target's password policy."],
];

export default function BruteForce() {
  return (
    <>
      <PageHero eyebrow="Open source · Published 20 September 2023" title="Passive Pass: probable password lists for auditing">
        A GUI password wordlist generator for authorised security assessments.
      </PageHero>
      <Prose>
        <BuyBox productId="passive-pass" productName="Passive Pass" />
        <div className="flex justify-center rounded-xl bg-amber-50 p-8"><ProductIcon name="wordlist" className="h-32 w-32" /></div>
        <p>People build passwords from what matters to them. Passive Pass turns that observation into a tool: an auditor enters what is known about an account holder and gets a ranked list of likely passwords to test against a lockout-safe login or an offline hash, with written permission.</p>
        <h2 className="text-2xl font-bold">Features</h2>
        <FeatureList items={features} />
        <h2 className="text-2xl font-bold">Conclusion</h2>
        <p>Passive Pass shows, in minutes, how guessable personal passwords are. Use the result to argue for longer passphrases, a password manager and multi-factor authentication, and never against systems you are not authorised to test.</p>
        <ArticleFacts start="12 Aug 2023" end="20 Sep 2023" links={[["Source repository", site.repos.passivePass]]} />
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {["cybersecurity", "penetration testing", "password security"].map((tag) => (
            <li key={tag} className="rounded-full bg-sky-100 px-3 py-1 text-sm text-sky-900">#{tag}</li>
          ))}
        </ul>
      </Prose>
    </>
  );
}
