import { CampusBar } from "../../components/campus-bar";
import { FeatureList, PageHero, Prose } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/products/educational/campus/features", "CAMPUS features", "Student management, course management, administrative tools, enrolment, class scheduling, performance analytics and financial management.", { trail: [["Home", "/"], ["Products", "/Projects"], ["CAMPUS", "/products/educational/campus"], ["Features", "/products/educational/campus/features"]] });
}

const features: [string, string][] = [
  ["Student management", "A central record for every student with real-time attendance, results, on-duty days and certificates."],
  ["Course management", "Departments, syllabus regulations, subject syllabi, lesson plans and free course listings."],
  ["Administrative tools", "Infrastructure, transport, clubs and examinations managed by the administration in one place."],
  ["Enrolment", "From application to enrolment without paper forms or re-typing."],
  ["Class scheduling", "Timetables of up to 8 periods per day, staff timetables and alterations when faculty are on leave."],
  ["Performance analytics", "CGPA, arrears and attendance trends for students, sections and departments."],
  ["Financial management", "Tuition fees, scholarships and aid, with notifications, receipts and reports."],
  ["Roles for everyone", "Students, staff, heads of department, administration, non-teaching staff, parents and wardens each get their own view."],
];

export default function CampusFeatures() {
  return (
    <>
      <CampusBar />
      <PageHero eyebrow="CAMPUS" title="Features">Everything a university or school needs to run its academic year, on real-time data.</PageHero>
      <Prose><FeatureList items={features} level={2} /></Prose>
    </>
  );
}
