/** Why-choose-us points and services of the home page. */
export const whyChooseUs: [string, string][] = [
  [
    "Automated detection of threats",
    "Continuous monitoring that flags suspicious logins, new exposed services and known-bad traffic before it becomes an incident.",
  ],
  ["Enterprise-grade security", "Hardened configurations, least-privilege access and audits aligned with ISO 27001 and OWASP ASVS."],
  ["24/7 incident response", "A named responder on call around the clock to contain, investigate and help you recover."],
  [
    "Offensive security and ethical hacking",
    "Authorised penetration tests and red-team exercises that show how a real attacker would get in.",
  ],
];

export const services: [string, string][] = [
  ["Web application penetration testing", "Manual testing against the OWASP Top 10 and your business logic, with a retest after fixes."],
  ["Network penetration testing", "External and internal network assessments, from host discovery to privilege escalation."],
  ["Security consulting", "Threat modelling, secure architecture reviews and a roadmap your team can actually follow."],
  ["Incident response", "Containment, forensics and recovery, followed by a plain-language report."],
  ["Software development", "Web, mobile and cross-platform apps built with security reviewed at every step."],
  ["Training and internships", "Hands-on workshops and real-project internships for students and engineering teams."],
];
