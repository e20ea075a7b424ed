import { Link } from "react-router";
import { pageMeta, productTrail, softwareLd } from "../../components/page-meta";
import { ProductIcon } from "../../components/product-icon";
import { BuyBox } from "../../components/store/buy-box";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/products/educational/master", "MASTER: AI-powered mentoring", "MASTER is an AI-powered mentoring system for universities and colleges: mentorship assistance for training, evaluation and results.", { jsonLd: [softwareLd("MASTER", "MASTER is an AI-powered mentoring system for universities and colleges: mentorship assistance for training, evaluation and results.", "EducationalApplication", "/products/educational/master", "Web")], trail: productTrail("MASTER", "/products/educational/master") });
}

export default function Master() {
  return (
    <>
      <nav aria-label="MASTER" className="bg-violet-900 text-white">
        <ul className="mx-auto flex max-w-6xl gap-4 px-4 py-2">
          <li className="font-bold"><Link to="/products/educational/master">Home</Link></li>
          <li><Link to="/products/educational/campus/contact">Contact</Link></li>
        </ul>
      </nav>
      <section className="bg-gradient-to-br from-violet-950 to-violet-700 px-4 py-16 text-white">
        <div className="mx-auto max-w-6xl">
          <h1 className="text-4xl font-bold sm:text-5xl">MASTER</h1>
          <p className="mt-3 text-lg text-violet-100">Mentorship Assistance for Training, Evaluation and Results.</p>
          <button type="button" className="mt-6 rounded-lg bg-white px-5 py-3 font-semibold text-violet-900">Explore MASTER</button>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 pt-12">
        <BuyBox productId="master" productName="MASTER" />
      </div>
      <section className="mx-auto flex max-w-6xl flex-col items-center gap-8 px-4 py-12 md:flex-row">
        <p className="flex-1 text-lg leading-relaxed text-slate-800">MASTER is an AI-powered mentoring system for universities and colleges. It gives every student personalised mentoring, lets mentors monitor progress week by week, and turns attendance, marks and mentor notes into insights: who is falling behind, which subjects need extra sessions, and what helped last semester.</p>
        <ProductIcon name="master" className="h-48 w-48" />
      </section>
    </>
  );
}
