// The islands entry's URL: its hashed file in a build, "" under `npm run dev` (vite.config.ts).
declare module "virtual:islands-entry" {
  const url: string;
  export default url;
}
