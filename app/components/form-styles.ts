export const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-sky-600 focus:outline-2 focus:outline-sky-600";
