import { Link } from "react-router";
import { CampusBar } from "../../components/campus-bar";
import { FeatureList } from "../../components/page-hero";
import { pageMeta, productTrail, softwareLd } from "../../components/page-meta";
import { ProductIcon } from "../../components/product-icon";
import { BuyBox } from "../../components/store/buy-box";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/products/educational/campus", "CAMPUS academic management platform", "CAMPUS is a central, real-time store of student information for universities and schools: students, staff, HODs, administration and non-teaching staff.", { jsonLd: [softwareLd("CAMPUS", "CAMPUS is a central, real-time store of student information for universities and schools: students, staff, HODs, administration and non-teaching staff.", "EducationalApplication", "/products/educational/campus", "Web")], trail: productTrail("CAMPUS", "/products/educational/campus") });
}

const strip: [string, string][] = [
  ["One source of truth", "Every student record in one place, updated in real time."],
  ["Every role served", "Students, staff, heads of department, administration and non-teaching staff."],
  ["From application to enrolment", "Admissions, class scheduling and fees in one flow."],
];

const grid: [string, string][] = [
  ["Student management", "Profiles, attendance, CGPA, arrears and certificates."],
  ["Course management", "Syllabus regulations, lesson plans and timetables."],
  ["Performance analytics", "Spot students who need help before the exams do."],
  ["Financial management", "Tuition fees, scholarships and aid with receipts and reports."],
];

export default function Campus() {
  return (
    <>
      <CampusBar />
      <section className="bg-gradient-to-br from-blue-950 to-blue-700 px-4 py-16 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 md:flex-row md:items-center">
          <div className="flex-1">
            <h1 className="text-4xl font-bold sm:text-5xl">CAMPUS</h1>
            <p className="mt-4 text-lg text-blue-100">The academic management platform for universities and schools: a central store of student information with real-time data.</p>
            <Link to="/products/educational/campus/contact" className="mt-6 inline-block rounded-lg bg-white px-5 py-3 font-semibold text-blue-900">Request Demo</Link>
          </div>
          <ProductIcon name="campus" className="h-40 w-40" />
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 pt-12">
        <BuyBox productId="campus" productName="CAMPUS" />
      </div>
      <section className="mx-auto max-w-6xl px-4 py-12" aria-label="Highlights">
        <ul className="grid gap-4 md:grid-cols-3">
          {strip.map(([t, d]) => <li key={t} className="rounded-xl border border-slate-200 p-5"><h2 className="font-semibold">{t}</h2><p className="mt-1 text-sm text-slate-700">{d}</p></li>)}
        </ul>
      </section>
      <section className="bg-slate-50 px-4 py-12">
        <div className="mx-auto grid max-w-6xl gap-8 md:grid-cols-2">
          <blockquote className="rounded-xl bg-white p-6 shadow-sm"><p>"Attendance, on-duty requests and mentor notes used to live in five spreadsheets. Now HODs see them on one screen."</p><footer className="mt-3 text-sm text-slate-600">Head of Department, engineering college</footer></blockquote>
          <blockquote className="rounded-xl bg-white p-6 shadow-sm"><p>"Fee reminders and receipts go out on their own, and parents can check them on their dashboard."</p><footer className="mt-3 text-sm text-slate-600">Administrator, higher secondary school</footer></blockquote>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="text-2xl font-bold">What CAMPUS does</h2>
        <div className="mt-6"><FeatureList items={grid} /></div>
        <p className="mt-8"><Link className="font-semibold text-sky-800 underline" to="/products/educational/campus/docs">Read the documentation</Link></p>
      </section>
    </>
  );
}
