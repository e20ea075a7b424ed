import toast, { Toaster } from "react-hot-toast";

export { toast };

// react-hot-toast's default durations are the site's; width and count set here.
const toastOptions = { style: { maxWidth: "350px" } };

/** The public site's toaster; loaded with the first message (see toasts.tsx). */
export default function PublicToaster() {
  return <Toaster position="top-center" toastOptions={toastOptions} containerStyle={{ zIndex: 60 }} />;
}
