/**
 * Lander videos are muted and preload nothing: each starts loading and playing only once it is
 * on screen, and not at all for visitors who asked for reduced motion (they keep the poster).
 */
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
const videos = document.querySelectorAll<HTMLVideoElement>("video[data-lazy-video]");
if (!reducedMotion && videos.length > 0 && "IntersectionObserver" in window) {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const video = entry.target as HTMLVideoElement;
      if (entry.isIntersecting) {
        video.play().catch(() => {
          // Autoplay refused (data saver): the poster stays, which is fine.
        });
      } else {
        video.pause();
      }
    }
  });
  for (const video of videos) observer.observe(video);
}
