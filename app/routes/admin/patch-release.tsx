import { PatchForm } from "../../components/admin/patch-form";

export default function PatchRelease() {
  return (
    <>
      <title>Patch Release | Admin</title>
      <h1 className="text-2xl font-bold">Create Patch Version Release</h1>
      <PatchForm />
    </>
  );
}
