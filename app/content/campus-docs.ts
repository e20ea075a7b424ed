/** Documentation groups and entries, verbatim from the original site (spellings included: do not correct them). */
export type DocEntry = { id: string; label: string; description: string };
export type DocGroup = { id: string; label: string; entries: DocEntry[]; direct?: boolean };

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const group = (label: string, entries: [string, string][], direct = false): DocGroup => ({
  id: slug(label),
  label,
  direct,
  entries: entries.map(([entry, description]) => ({ id: `${slug(label)}--${slug(entry)}`, label: entry, description })),
});

export const campusDocs: DocGroup[] = [
  group("Administrator", [
    [
      "Infrastructure",
      "Record every building, floor and room: counts, maximum room capacity and purpose (staff room, classroom, restroom, lab), with sections such as 'CSE H'. Lab units are tracked by condition: working, not working, damaged, newly imported or nearing expiry.",
    ],
    [
      "Curriculam & Syllabus",
      "Create departments and syllabus regulations, attach the syllabus of each subject and upload the curriculum so staff and students read the same version.",
    ],
    [
      "Club & Activities",
      "Set up extracurricular, educational and non-educational clubs, name a coordinator and sub-coordinators, and publish their activities.",
    ],
    [
      "Transport",
      "Register vehicles (bus, mini-bus, private bus, van, auto), define routes with their stops, review requested extra stops and publish the daily schedule.",
    ],
    [
      "Controller of Examination",
      "Plan exams of type theory, practical and viva, generate seating arrangements and send exam notices to every affected student.",
    ],
    [
      "Fees Management System",
      "Send fee notifications, record payments with receipts and download fee reports by department, year or section.",
    ],
  ]),
  group(
    "Principal",
    [
      [
        "Principal Dashboard",
        "Opens the dashboard directly: institution-wide attendance, results, fee collection and pending approvals at a glance.",
      ],
    ],
    true,
  ),
  group("HOD 'For Student'", [
    [
      "HOD Forum",
      "Post to chosen recipients with a message type, content up to 280 characters, an optional start date, a deadline, links, files and requests for files or responses.",
    ],
    [
      "Student Management",
      "Every student by roll number, academic year, full name, department, section and photo, with on-duty days, days absent without permission, CGPA, arrears and attendance percentage.",
    ],
    ["Forum Analysis", "See who read and answered each forum post, and which requests for files or responses are still open."],
    ["On-Duty Requests", "Approve or decline on-duty requests; approved days count towards the student's on-duty total."],
    [
      "Suspension",
      "Record a suspension with a unique serial number, roll number, name, reason, start and end dates and section; the creation date is kept.",
    ],
    ["Leave Requests", "Review leave requests by type (for example medical or personal) with total days, remaining balance and history."],
    ["Time Table", "Build each section's timetable: up to 8 periods per day for every weekday."],
  ]),
  group("HOD 'For Staff'", [
    ["Onduty Staffs", "See which staff members are on duty away from campus today and approve new requests."],
    [
      "Staff Management & Performance",
      "Staff by ID, name, email, department, designation and years of experience, with appraisal results.",
    ],
    ["Mentor Allocation", "Assign mentors to students: mentor ID, student roll number, year, department, section, start and end."],
    ["Faculty Leave & Alteration", "Approve faculty leave and arrange alterations so that no period goes untaught."],
    ["Master time table", "The department's combined timetable across sections and staff, up to 8 periods per day."],
  ]),
  group("Staff", [
    ["Staff Forum", "Read and answer posts from the HOD and administration; share files with your classes."],
    [
      "Appraisal Form",
      "Fill in staff ID, name, designation, dates of joining the institution and the current role, qualifications, experience here and elsewhere, and the academic year.",
    ],
    ["Staff Timetable", "Your own periods for the week, including alterations assigned to you."],
    ["Mentor System", "Follow the students you mentor: attendance, CGPA, arrears and grievances in one place."],
    ["Lesson Plan", "Plan each semester and subject by units, topics per unit and a deadline per topic."],
    ["Daily Progress", "Record which topics were covered in each period so progress against the lesson plan is visible."],
    ["Staff Onduty", "Request on-duty days for workshops, exam duty or industry visits and follow their approval."],
    ["Quiz and Evaluation", "Run quizzes for your classes and record evaluation marks."],
  ]),
  group("Student", [
    ["Academic Information", "Your roll number, department, section, CGPA, arrears and exam results."],
    ["Attendance Inormations", "Attendance percentage, on-duty days and days absent without permission, subject by subject."],
    ["Free Courses", "A listing of free courses with title, link and category, chosen by your department."],
    ["Grievance Form", "Send a grievance to your Mentor or to the HOD."],
    [
      "Certificates Upload/Download",
      "Upload 12th and 10th marksheets, a passport photo, PAN card, Aadhar copy and both sides of the 12th transfer certificate; download issued certificates.",
    ],
    ["Chat with Mentor", "Message your mentor directly about attendance, courses or anything that worries you."],
    [
      "Resume Build",
      "Build a resume from personal information, education, work experience, skills and certifications and projects, then pick a template.",
    ],
  ]),
  group("Parent", [["Parent Dashboard", "Opens the dashboard directly: your child's attendance, results, fees and notices."]], true),
  group("Warden", [["Warden Dashboard", "Opens the dashboard directly: hostel occupancy, leave passes and notices."]], true),
  group(
    "Supervisor",
    [["Supervisor Dashboard", "Opens the dashboard directly: exam halls, seating arrangements and attendance of invigilators."]],
    true,
  ),
];
