/**
 * A poster button (`data-video-id`, `data-video-title`) becomes the privacy-enhanced player when
 * pressed; nothing third-party loads before. `stopVideos` puts the posters back (a hidden entry must
 * not go on playing).
 */
export function playVideo(poster: HTMLElement): void {
  const player = document.createElement("iframe");
  player.className = "aspect-video w-full rounded-xl";
  player.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(poster.dataset.videoId ?? "")}?autoplay=1`;
  player.title = poster.dataset.videoTitle ?? "";
  player.allow = "autoplay; encrypted-media; picture-in-picture";
  player.allowFullscreen = true;
  players.set(player, poster);
  poster.replaceWith(player);
}

const players = new WeakMap<HTMLIFrameElement, HTMLElement>();

export function stopVideos(root: Element): void {
  for (const player of root.querySelectorAll("iframe")) {
    const poster = players.get(player);
    if (poster) player.replaceWith(poster);
  }
}
