import { CampusBar } from "../../components/campus-bar";
import { ContactFormIsland } from "../../components/contact-form-island";
import { pageMeta } from "../../components/page-meta";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/products/educational/campus/contact", "Contact CAMPUS: request a demo", "Request a CAMPUS demo for your institution, university or school.", { trail: [["Home", "/"], ["Products", "/Projects"], ["CAMPUS", "/products/educational/campus"], ["Contact", "/products/educational/campus/contact"]] });
}

export default function CampusContact() {
  return (
    <>
      <CampusBar />
      <div className="mx-auto max-w-2xl px-4 py-12">
        <p className="font-semibold text-sky-800">Contact Us</p>
        <h1 className="text-3xl font-bold">Make a Request</h1>
        <p className="mt-3 text-slate-700">Tell us about your organisation and we will arrange a CAMPUS demo.</p>
        <div className="mt-8"><ContactFormIsland form="campus" /></div>
      </div>
    </>
  );
}
