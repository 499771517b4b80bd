import { useEffect, useState } from 'react';

/**
 * The group whose section is at the top of the screen, below the header and the sticky strip: the
 * strip highlights it and keeps it in view as the customer scrolls.
 */
export function useActiveGroup(sectionIds: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(sectionIds[0] ?? null);
  const key = sectionIds.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the list of ids.
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || sectionIds.length === 0) return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        const first = sectionIds.find((id) => visible.has(id));
        if (first) setActive(first);
      },
      // A band just under the sticky header and strip.
      { rootMargin: '-140px 0px -60% 0px' },
    );
    for (const id of sectionIds) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key]);
  return active;
}
