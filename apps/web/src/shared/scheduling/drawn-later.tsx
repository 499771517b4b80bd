import { type ReactNode, useEffect, useState } from 'react';

/**
 * Draws its children in a task of their own, after the page around them has been drawn and painted
 * (decision 32). For what the customer does not need in the first frame (the footer, the notices that
 * open over the page): one long task of the first render becomes two shorter ones, and a cheap phone
 * answers a tap in between.
 */
export function DrawnLater({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    // An effect runs once the frame is out; the timer puts the drawing in the task after it.
    const timer = setTimeout(() => setDrawn(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return drawn ? children : null;
}
