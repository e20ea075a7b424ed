import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Advanced Cybersecurity Solutions & Expert Consulting Services" }];
}

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold">Advanced Cybersecurity Solutions &amp; Expert Consulting Services</h1>
    </main>
  );
}
