/** How close to the viewport bottom an element must come before it is revealed (spec: 100 px). */
export const REVEAL_OFFSET = 100;

/**
 * Reveals `[data-reveal]` elements once their top is REVEAL_OFFSET px above the viewport bottom.
 * Without IntersectionObserver everything is shown at once; with reduced motion the CSS skips the
 * animation (see global.css).
 */
export function startReveal(): void {
  const elements = document.querySelectorAll<HTMLElement>('[data-reveal]');
  if (!('IntersectionObserver' in window)) {
    for (const element of elements) element.classList.add('revealed');
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('revealed');
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: `0px 0px -${REVEAL_OFFSET}px 0px` },
  );
  for (const element of elements) observer.observe(element);
}
