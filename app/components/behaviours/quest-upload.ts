import type { Behaviour } from "../../lib/use-behaviour";
import { listeners } from "./listen";

/**
 * The quest form with a file chosen: page forms are sent URL-encoded (no page parses multipart), so
 * the form goes to the API as multipart, which streams the file to disk, and the page is loaded
 * again. Without a file, or without JavaScript, the form posts to the page's action as usual.
 */
export const questUpload: Behaviour = (form) => {
  const { on, off } = listeners();
  on(form, "submit", (event) => {
    const file = form.querySelector<HTMLInputElement>('input[type="file"]');
    if (!file?.files?.length || !(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    const status = form.querySelector<HTMLElement>("[data-upload-status]");
    const say = (text: string) => {
      if (status) status.textContent = text;
    };
    say("Sending…");
    const edit = form.dataset.edit === "true";
    void fetch(form.dataset.api ?? "", {
      method: edit ? "PUT" : "POST",
      body: new FormData(form),
      headers: { "X-Requested-With": "XMLHttpRequest" },
      credentials: "same-origin",
    })
      .then(async (res) => {
        if (res.ok) return window.location.assign(`${window.location.pathname}?sent=1`);
        const answer = (await res.json().catch(() => null)) as { message?: string } | null;
        say(answer?.message ?? "The submission could not be sent. Try again.");
      })
      .catch(() => say("The submission could not be sent. Check the connection and try again."));
  });
  return off;
};
